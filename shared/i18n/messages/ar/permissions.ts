import type en from '../en/permissions';
import type { Translation } from '../translation';

export default {
  'permission.viewAttendance': 'إذنُ عرض الحضور في المقررات',
  'permission.takeAttendance': 'إذنُ تسجيل الحضور في المقررات',
  'permission.changeAttendance': 'إذنُ تغيير الحضور في المقررات',
  'permission.deleteAttendance': 'إذنُ حذف جلسات الحضور في المقررات',
  'permission.viewRoster': 'إذنُ عرض قائمة المشاركين في المقرر',
  'permission.viewContent': 'إذنُ عرض محتوى المقرر',
  'permission.createContent': 'إذنُ إنشاء محتوى المقرر',
  'permission.changeContent': 'إذنُ تغيير محتوى المقرر',
  'permission.changeAvailability': 'إذنُ تغيير موعد إتاحة المحتوى',
  'permission.viewReleaseRules': 'إذنُ عرض قواعد الإصدار التكيفي',
  'permission.addReleaseRules': 'إذنُ إضافة قواعد الإصدار',
  'permission.changeReleaseRules': 'إذنُ تغيير قواعد الإصدار',
  'permission.deleteReleaseRules': 'إذنُ حذف قواعد الإصدار',
  'permission.changeReleasedTo': 'إذنُ تغيير من يُصدَر لهم المحتوى',
  'permission.viewCalendar': 'إذنُ عرض تقويم المقرر',
  'permission.viewCalendarEntries': 'إذنُ عرض إدخالات تقويم المقرر',
  'permission.viewSystemAnnouncements': 'إذنُ عرض إعلانات النظام',
  'permission.changeAnyCourse': 'إذنُ تغيير أي مقرر (إذن خاص بالمسؤولين)',
  'permission.changeGradebook': 'إذنُ تغيير دفتر التقديرات',
  'permission.createAssessments': 'إذنُ إنشاء الاختبارات والواجبات',
  'permission.changeAssessments': 'إذنُ تغيير الاختبارات والواجبات',
  'permission.deployAssessments': 'إذنُ وضع الاختبارات والواجبات في المحتوى',
  'permission.viewEnrollments': 'إذنُ عرض التسجيلات في المقررات',
  'permission.named': 'إذنٌ (اسمه في Learn: {entitlement})',
} satisfies Translation<typeof en>;
