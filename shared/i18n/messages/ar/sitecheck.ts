import type en from '../en/sitecheck';
import type { Translation } from '../translation';

export default {
  'sitecheck.name.courses': 'تسجيل الدخول وقائمة المقررات',
  'sitecheck.name.roster': 'قوائم الطلاب',
  'sitecheck.name.attendance': 'الجلسات وتسجيل الحضور',
  'sitecheck.name.content': 'محتوى المقرر',
  'sitecheck.name.adaptiveRelease': 'الإصدار التكيفي',
  'sitecheck.name.calendar': 'التقويم',
  'sitecheck.name.announcements': 'إعلانات النظام',
  'sitecheck.name.ally': 'تقارير إمكانية الوصول (Ally)',

  'sitecheck.notAllowed.courses': 'لا يسمح دورك على هذا الموقع بعرض قائمة مقرراتك. اطلب من مسؤول Learn صلاحية عرض التسجيل في المقررات.',
  'sitecheck.notAllowed.roster': 'لا يسمح دورك على هذا الموقع بقراءة قوائم طلاب المقررات. اطلب من مسؤول Learn صلاحية عرض قائمة طلاب المقرر.',
  'sitecheck.notAllowed.attendance': 'لا يسمح دورك على هذا الموقع بالاطلاع على الحضور أو تسجيله. اطلب من مسؤول Learn صلاحية عرض الحضور في المقررات.',
  'sitecheck.notAllowed.content': 'لا يسمح دورك على هذا الموقع بقراءة محتوى المقررات. اطلب من مسؤول Learn صلاحية عرض محتوى المقرر.',
  'sitecheck.notAllowed.adaptiveRelease': 'لا يسمح دورك على هذا الموقع بقراءة قواعد الإصدار التكيفي. اطلب من مسؤول Learn صلاحية عرض قواعد الإصدار التكيفي.',
  'sitecheck.notAllowed.calendar': 'لا يسمح دورك على هذا الموقع بقراءة التقويم. اطلب من مسؤول Learn صلاحية عرض تقويم المقرر.',
  'sitecheck.notAllowed.announcements': 'لا يسمح دورك على هذا الموقع بقراءة إعلانات النظام. اطلب من مسؤول Learn صلاحية عرض إعلانات النظام.',

  'sitecheck.notEnabled.courses': 'تسجيل الدخول وقائمة المقررات غير مفعّلين على موقع Learn هذا (أجاب Learn «غير موجود»). اسأل مسؤول Learn إن كان يمكن تفعيلهما.',
  'sitecheck.notEnabled.roster': 'قوائم الطلاب غير مفعّلة على موقع Learn هذا (أجاب Learn «غير موجود»). اسأل مسؤول Learn إن كان يمكن تفعيلها.',
  'sitecheck.notEnabled.attendance': 'الجلسات وتسجيل الحضور غير مفعّلة على موقع Learn هذا (أجاب Learn «غير موجود»). اسأل مسؤول Learn إن كان يمكن تفعيلها.',
  'sitecheck.notEnabled.content': 'محتوى المقرر غير مفعّل على موقع Learn هذا (أجاب Learn «غير موجود»). اسأل مسؤول Learn إن كان يمكن تفعيله.',
  'sitecheck.notEnabled.adaptiveRelease': 'الإصدار التكيفي غير مفعّل على موقع Learn هذا (أجاب Learn «غير موجود»). اسأل مسؤول Learn إن كان يمكن تفعيله.',
  'sitecheck.notEnabled.calendar': 'التقويم غير مفعّل على موقع Learn هذا (أجاب Learn «غير موجود»). اسأل مسؤول Learn إن كان يمكن تفعيله.',
  'sitecheck.notEnabled.announcements': 'إعلانات النظام غير مفعّلة على موقع Learn هذا (أجاب Learn «غير موجود»). اسأل مسؤول Learn إن كان يمكن تفعيلها.',

  'sitecheck.noAnswer': 'لم يُجب Learn عن الفحص ({error}). افحص مرة أخرى لاحقًا.',
  'sitecheck.noCourse': 'لا تدرّس أي مقرر على هذا الموقع، لذا لم يُفحص هذا.',
  'sitecheck.coursesUnread': 'تعذّر عرض قائمة مقرراتك، لذا لم يُفحص هذا.',
  'sitecheck.release.noContent': 'لا يحتوي {course} على محتوى يُفحص به الإصدار التكيفي.',
  'sitecheck.release.contentUnread': 'تعذّرت قراءة محتوى المقرر، لذا لم يُفحص الإصدار التكيفي.',

  'sitecheck.ally.notConfigured': 'لم يُعدّ Ally لهذا الموقع في Rollbook. اطلب من قسم تقنية المعلومات ملف النشر الذي فيه allyClientId و allySecret (docs/deploying.md، القسم 4).',
  'sitecheck.ally.refused': 'رفض Ally معرّف العميل والسر اللذين لدى Rollbook لهذا الموقع. اطلب من قسم تقنية المعلومات التحقق من allyClientId و allySecret في ملف النشر.',
  'sitecheck.ally.noAnswer': 'لم يُجب Ally عن الفحص ({error}). افحص مرة أخرى لاحقًا.',
  'sitecheck.ally.silent': 'لم يُجب Ally عن الفحص (لا إجابة). افحص مرة أخرى لاحقًا.',
} satisfies Translation<typeof en>;
