import type en from '../en/sync';
import type { Translation } from '../translation';

export default {
  'sync.notSignedIn': 'Rollbook غير مسجّل الدخول إلى Learn: سجّل الدخول وسيُرسل.',
  'sync.connectionDropped': 'انقطع الاتصال قبل أن يرد Learn (يتحقق Rollbook مما لدى Learn قبل إعادة الإرسال)؛ سيُعاد إرساله في المزامنة القادمة.',
  'sync.unreachable': 'تعذّر الوصول إلى Learn؛ سيُعاد إرساله في المزامنة القادمة.',
  'sync.timeout': 'لم يرد Learn في الوقت المحدد؛ سيُعاد إرساله في المزامنة القادمة.',
  'sync.stopped': 'توقفت المزامنة قبل إرساله؛ سيُعاد إرساله في المزامنة القادمة.',
  'sync.notUnderstood': 'ردّ Learn بطريقة لا يفهمها Rollbook (انظر التفاصيل، ويُرجى الإبلاغ عن ذلك).',
  'sync.usedUp': 'لا يقبل Learn مزيدًا من طلبات Rollbook حتى يتجدد حد الموقع (نفد حد الطلبات اليومي للموقع)؛ سيُعاد إرساله في أول مزامنة بعد ذلك.',
  'sync.askedToWait': 'طلب Learn من Rollbook الانتظار قبل إرسال المزيد؛ سيُعاد إرساله في أول مزامنة بعد ذلك.',
  'sync.slowDown': 'طلب Learn من Rollbook الإبطاء؛ سيُعاد إرساله في المزامنة القادمة.',
  'sync.hadProblem': 'واجه Learn مشكلة؛ سيُعاد إرساله في المزامنة القادمة.',
  'sync.newSignIn': 'طلب Learn تسجيل دخول جديدًا؛ سيُعاد إرساله في المزامنة القادمة.',
  'sync.roleNotAllowed': 'دورك في Learn لا يسمح بذلك؛ اطلب الصلاحية من مسؤول Learn.',
  'sync.gone': 'لم يعد لدى Learn: ربما حُذف أو نُقل في Learn.',
  'sync.changedMeanwhile': 'تغيّر في Learn في الوقت نفسه؛ حدّث الصفحة وأعد المحاولة.',
  'sync.refusedSaid': 'رفضه Learn («{said}»)؛ صحّحه هنا، أو اسأل مسؤول Learn إن بدا صحيحًا.',
  'sync.refused': 'رفضه Learn؛ صحّحه هنا، أو اسأل مسؤول Learn إن بدا صحيحًا.',
  'sync.notSentYet': 'لم يُرسل بعد: توقفت المزامنة قبل إرسال هذا التغيير. سيُرسل في المرة القادمة.',
  'sync.meetingFirst': 'لم تصل جلسته إلى Learn بعد؛ سيُرسل بعدها.',
} satisfies Translation<typeof en>;
