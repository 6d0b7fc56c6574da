import type en from '../en/exports';
import type { Translation } from '../translation';

export default {
  'exports.heading': 'تصدير',
  'exports.forExcel': 'لبرنامج Excel (لتبقى الأسماء بحروفها الصحيحة عند فتح الملف في Excel)',
  'exports.separator': 'الفاصل',
  'exports.comma': 'فاصلة',
  'exports.semicolon': 'فاصلة منقوطة (في Excel حيث الفاصلة علامة عشرية)',
  'exports.saveGrid': 'تصدير الجدول',
  'exports.saveLong': 'تصدير السجلات (سجل في كل صف)',
  'exports.saveReport': 'تصدير التقرير',
  'exports.name': 'الاسم',
  'exports.userName': 'اسم المستخدم',
  'exports.studentId': 'الرقم الجامعي',
  'exports.present': 'حاضر',
  'exports.absent': 'غائب',
  'exports.late': 'متأخر',
  'exports.excused': 'بعذر',
  'exports.notMarked': 'غير مسجّل',
  'exports.rate': 'نسبة الحضور %',
  'exports.overAbsences': 'أكثر من {max} غيابات',
  'exports.yes': 'نعم',
  'exports.no': 'لا',
  'exports.fileGrid': '{code} جدول الحضور {date}',
  'exports.fileLong': '{code} سجلات الحضور {date}',
  'exports.fileReport': '{code} تقرير الحضور {date}',
} satisfies Translation<typeof en>;
