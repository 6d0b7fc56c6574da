import type en from '../en/hostnotes';
import type { Translation } from '../translation';

export default {
  'hostnotes.protection.desktop': 'سطح المكتب: يُشفَّر رمز التحديث الخاص بـ Learn وسر التطبيق بسلسلة مفاتيح نظام التشغيل لديك (Electron safeStorage).',
  'hostnotes.protection.browser':
    'وضع المتصفح: يُحفظ رمز التحديث الخاص بـ Learn وسر التطبيق دون تشفير في ملف لا يقرؤه إلا حساب المستخدم الخاص بك. سلسلة مفاتيح نظام التشغيل (تطبيق سطح المكتب) تحميهما بشكل أفضل.',

  'hostnotes.ally.notSetUp':
    'لم يُعدّ Ally لموقع Learn هذا. اطلب من قسم تقنية المعلومات إضافة تكامل Ally الخاص بالمؤسسة إلى ملف النشر الخاص بـ Rollbook: عنوان واجهة Ally البرمجية (allyUrl، مثل https://prod.ally.ac)، ومعرّف عميل Ally الرقمي (allyClientId)، والسر المشترك لذلك العميل (allySecret). يحفظ Rollbook السر في المخزن المحمي لهذا الحاسوب ولا يعرضه مرة أخرى أبدًا.',
  'hostnotes.ally.fileGone': 'لم يعد ذلك الملف في المقرر (العنصر {item}، الملف {file})، أو لم تعد تستطيع رؤيته. حدّث القائمة.',
  'hostnotes.ally.inPageText':
    'هذا الملف داخل نص صفحة، ولا يسمح Learn للتطبيقات بقراءة هذه الملفات، لذا لا يستطيع Rollbook فحصه. افتح الصفحة في Learn لترى درجة إمكانية الوصول الخاصة بها.',
  'hostnotes.ally.notListed': 'رفض Learn عرض ملفات «{title}»: {reason}',
  'hostnotes.ally.notCheckable': 'لا يفحص Ally هذا النوع من الملفات.',
  'hostnotes.ally.notCheckedYet': 'لم يفحص Ally هذا الملف بعد.',
  'hostnotes.ally.noReportYet': 'لدى Ally هذا الملف لكن لا تقرير له بعد (ما زال يفحصه، أو تعذّرت عليه قراءة الملف).',
  'hostnotes.ally.checkFailed': 'تعذّر على Ally فحص هذا الملف.',
  'hostnotes.ally.checkFailedSaid': 'تعذّر على Ally فحص هذا الملف: {said}',
  'hostnotes.ally.formatTooLarge': 'حجم نسخة {format} من {file} هو {size} ميغابايت، أكثر مما يمرّره Rollbook إلى نافذته (50 ميغابايت).',

  'hostnotes.signIn.noDemo': 'العرض التجريبي غير متاح في هذه النسخة من Rollbook.',
  'hostnotes.signIn.siteForgotten': 'لم يعد Rollbook يعرف ذلك الموقع. اتصل به مرة أخرى بعنوانه.',

  'hostnotes.vault.noKeyring': 'لن يحفظ Rollbook تسجيل دخولك إلى Learn: لا توجد سلسلة مفاتيح على سطح مكتب Linux هذا (GNOME Keyring، KWallet)، فلا يمكن حفظه إلا نصًا غير مشفّر. ثبّت سلسلة مفاتيح أو افتح قفلها، أو استخدم Rollbook في وضع المتصفح.',
  'hostnotes.vault.locked': 'لن يحفظ Rollbook تسجيل دخولك إلى Learn: تشفير نظام التشغيل لديك (سلسلة المفاتيح) غير متاح الآن. افتح قفله وحاول مرة أخرى.',
  'hostnotes.vault.damaged': 'ملف الأسرار الخاص بـ Rollbook تالف ({file}). احذفه وسجّل الدخول مجددًا.',

  'hostnotes.journal.otherAccount': 'تخص هذه التغييرات حسابًا لم يسجّل الدخول، لذا لم يحتفظ Rollbook بنسخة منها.',
  'hostnotes.journal.none': 'لا تحتفظ هذه النسخة من Rollbook بنسخة احتياطية من التغييرات المنتظرة.',
  'hostnotes.sync.outOfStep': 'حدث خطأ في المزامنة داخل Rollbook: لم يُفقد شيء، وما زالت تغييراتك تنتظر. حاول مرة أخرى.',

  'hostnotes.deployment.tooLarge': 'ملف النشر {path} أكبر من أن يكون ملف نشر.',
  'hostnotes.deployment.unreadable': 'تتعذّر قراءة ملف النشر {path} ({code}).',
  'hostnotes.deployment.notJson': 'ملف النشر {path} ليس JSON صالحًا.',
  'hostnotes.deployment.fieldsWrong': 'ملف النشر {path} غير صالح للاستخدام: {problems}. يحتاج إلى learnUrl و applicationKey و applicationSecret.',
  'hostnotes.deployment.allyHalf':
    'ملف النشر {path} غير صالح للاستخدام: {missing} مفقود. يحتاج Ally إلى allyClientId و allySecret معًا؛ أعطِ الاثنين، أو لا شيء منهما إن لم يكن لدى المؤسسة Ally.',
  'hostnotes.deployment.allyUrlAlone': 'ملف النشر {path} غير صالح للاستخدام: فيه allyUrl دون allyClientId و allySecret.',
  'hostnotes.deployment.address': 'ملف النشر {path}: {problem}',
  'hostnotes.deployment.notUsed': 'تعذّر استخدام ملف النشر {path} ({error}).',
  'hostnotes.deployment.fileWritable':
    'لا يُستخدم ملف النشر {path}: يمكن لحسابات غير المسؤولين تغييره ({accounts})، فقد لا يكون من قسم تقنية المعلومات. يجب ألا يستطيع تغييره إلا المسؤولون.',
  'hostnotes.deployment.folderWritable':
    'لا يُستخدم ملف النشر {path}: يمكن لحسابات غير المسؤولين تغيير مجلده {folder} ({accounts})، فقد لا يكون من قسم تقنية المعلومات. يجب ألا يستطيع تغييره إلا المسؤولون.',
  'hostnotes.deployment.fileOwner':
    'لا يُستخدم ملف النشر {path}: هو ملك حساب آخر (معرّف المستخدم {owner})، لا ملك مسؤول، فقد لا يكون من قسم تقنية المعلومات. يجب ألا يستطيع تغييره إلا المسؤولون.',
  'hostnotes.deployment.folderOwner':
    'لا يُستخدم ملف النشر {path}: مجلده {folder} ملك حساب آخر (معرّف المستخدم {owner})، لا ملك مسؤول، فقد لا يكون من قسم تقنية المعلومات. يجب ألا يستطيع تغييره إلا المسؤولون.',
  'hostnotes.deployment.fileOthersWrite':
    'لا يُستخدم ملف النشر {path}: يمكن لحسابات أخرى على هذا الحاسوب تغييره، فقد لا يكون من قسم تقنية المعلومات. يجب ألا يستطيع تغييره إلا المسؤولون.',
  'hostnotes.deployment.folderOthersWrite':
    'لا يُستخدم ملف النشر {path}: يمكن لحسابات أخرى على هذا الحاسوب تغيير مجلده {folder}، فقد لا يكون من قسم تقنية المعلومات. يجب ألا يستطيع تغييره إلا المسؤولون.',
  'hostnotes.deployment.askIT': 'اطلب من قسم تقنية المعلومات ملفًا مصحّحًا؛ وإلى ذلك الحين، اتصل بموقعك بكتابة عنوانه ومفتاحه وسرّه.',

  'hostnotes.announcements.adminOnly': 'لا يستطيع نشر إعلانات النظام أو تغييرها أو حذفها إلا مسؤول نظام Learn. دورك في نظام Learn ({roles}) يسمح بقراءتها فقط؛ اطلب من مسؤول Learn إن كنت بحاجة إلى نشر إعلان.',
  'hostnotes.announcements.adminOnlyNoRole': 'لا يستطيع نشر إعلانات النظام أو تغييرها أو حذفها إلا مسؤول نظام Learn. ليس لحسابك في Learn دور في النظام، لذا يمكنك قراءتها فقط؛ اطلب من مسؤول Learn إن كنت بحاجة إلى نشر إعلان.',

  'hostnotes.refused.unknownChannel': 'طلبت هذه النافذة من Rollbook شيئًا لا يفعله. أعد تحميل النافذة؛ وإن تكرر ذلك، فإن Rollbook يحتاج إلى تحديث.',
  'hostnotes.refused.invalidRequest': 'تعذّر على Rollbook قبول ما أرسلته هذه النافذة. أعد تحميل النافذة وحاول مرة أخرى؛ وإن تكرر ذلك، أبلغ عنه مع التفاصيل.',
  'hostnotes.refused.notOpened':
    'لم تُفتح هذه النافذة من رابط تشغيل Rollbook، أو أُعيد تشغيل Rollbook منذ ذلك الحين، أو بقيت النافذة دون استخدام ثماني ساعات. شغّل `npm start` مرة أخرى وافتح الرابط الذي يعرضه.',
  'hostnotes.refused.status': 'رفض مضيف Rollbook الطلب ({status}).',
} satisfies Translation<typeof en>;
