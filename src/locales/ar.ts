import type { LocaleLabels } from '../react/components/part-labels';
import type { ThreadListLabels } from '../react/components/thread-list';
import { percent } from '../react/components/percent';
import { firstNames, formats, type Formats } from './formats';

// Western digits, as most Arabic software interfaces write counts beside Latin tool names.
const f = /* @__PURE__ */ formats('ar-u-nu-latn');

/** A counted noun, in Arabic's six plural forms: one, two, 3–10, 11–99, and the rest. */
function counted(formats: Formats, count: number, forms: { one: string; two: string; few: string; many: string; other: string }): string {
  const n = formats.number(count);
  switch (formats.plural(count)) {
    case 'one':
      return forms.one;
    case 'two':
      return forms.two;
    case 'few':
      return `${n} ${forms.few}`;
    case 'many':
      return `${n} ${forms.many}`;
    default:
      return `${n} ${forms.other}`;
  }
}

const calls = (count: number) =>
  counted(f, count, { one: 'استدعاء أداة واحد', two: 'استدعاءان للأدوات', few: 'استدعاءات للأدوات', many: 'استدعاءً للأدوات', other: 'استدعاء للأدوات' });
const rounds = (count: number) =>
  counted(f, count, { one: 'جولة أدوات واحدة', two: 'جولتين من الأدوات', few: 'جولات من الأدوات', many: 'جولةً من الأدوات', other: 'جولة من الأدوات' });
const more = (count: number) => `${f.number(count)} غيرها`;

/** Arabic (Modern Standard Arabic): every string of the chat (`<ChatWrapper labels={ar}>`); lay the page out right to left (`dir="rtl"`). */
export const ar: LocaleLabels = {
  thinking: 'يفكّر…',
  streaming: 'يكتب…',
  waitingForToolInput: 'بانتظار اكتمال استدعاء الأداة…',
  executing: (tools, round, maxRounds) => `جارٍ تنفيذ ${f.list(tools)}…${round > 1 ? ` (الجولة ${f.number(round)} من ${f.number(maxRounds)})` : ''}`,
  awaitingApproval: (tools) => `بانتظار موافقتك لتشغيل ${f.list(tools)}`,
  finalizing: 'تم بلوغ الحد الأقصى لجولات الأدوات. جارٍ إعداد الرد النهائي…',
  budgetReached: 'تم بلوغ الحد المسموح به من الرموز. جارٍ إعداد الرد النهائي…',
  error: (error) => `حدث خطأ: ${error.message}`,
  idle: '',
  send: 'إرسال',
  stop: 'إيقاف',
  retry: 'إعادة المحاولة',
  approve: 'موافقة',
  deny: 'رفض',
  inputPlaceholder: 'اسأل عن أي شيء…',
  messageList: 'المحادثة',
  toolArguments: 'الوسائط',
  toolResult: 'النتيجة',
  toolError: 'الخطأ',
  composerLabel: 'الرسالة',
  copyCode: 'نسخ الشيفرة',
  copied: 'تم النسخ',
  jumpToLatest: 'الانتقال إلى أحدث رسالة',
  messageActions: 'إجراءات الرسالة',
  copyMessage: 'نسخ',
  regenerate: 'إعادة الإنشاء',
  editMessage: 'تعديل',
  editMessageLabel: 'تعديل الرسالة',
  cancelEdit: 'إلغاء',
  sendEdit: 'حفظ وإرسال',
  attachFiles: 'إرفاق ملفات',
  attachments: 'المرفقات',
  removeAttachment: (fileName) => `إزالة ${fileName}`,
  attachmentRejected: (fileName, reason) =>
    reason === 'too-large'
      ? `الملف ${fileName} أكبر من أن يُرفق`
      : reason === 'type'
        ? `نوع الملف ${fileName} غير مقبول في هذه المحادثة`
        : `لم يُرفق الملف ${fileName}: عدد الملفات كبير جدًا`,
  dropFiles: 'أفلِت الملفات هنا لإرفاقها',
  earlierMessages: (count) => `عرض الرسائل السابقة (المتبقي: ${f.number(count)})`,
  emptyState: 'كيف يمكنني مساعدتك؟',
  loadingConversation: 'جارٍ تحميل المحادثة…',
  newChat: 'محادثة جديدة',
  suggestions: 'اقتراحات',
  reasoning: 'يفكّر…',
  reasoningDone: 'خطوات التفكير',
  usedTools: (tools, count) => (count <= 3 && tools.length === count ? `تم استخدام ${f.list(tools)}` : `${calls(count)}: ${firstNames(f, tools, more)}`),
  failedTools: (count) => `فشل ${f.number(count)}`,
  deniedTools: (count) => `رُفض ${f.number(count)}`,
  alwaysAllow: (tool) => `السماح دائمًا بـ${tool}`,
  allowForChat: 'السماح في هذه المحادثة',
  grantScope: (scope) => `«السماح في هذه المحادثة» و«السماح دائمًا» يشملان ${scope} فقط`,
  denyWithReason: 'الرفض مع ذكر سبب…',
  denyReason: 'السبب (يقرؤه المساعد)',
  editArguments: 'تعديل الوسائط',
  editArgumentsLabel: 'الوسائط (JSON)',
  runEdited: 'التشغيل بهذه الوسائط',
  invalidJson: (message) => `الوسائط ليست JSON صالحًا: ${message}`,
  approvalDecided: ({ approved, by, reason, edited }) => {
    const why = reason ? `: ${reason}` : '';
    if (by === 'policy') return `${approved ? 'سُمح به تلقائيًا' : 'رُفض تلقائيًا'}${why}`;
    if (by === 'grant') return 'سُمح به بإذنك';
    if (by === 'timeout') return 'لم يُجب أحد في الوقت المحدد';
    return edited && approved ? 'شُغّل بالوسائط التي عدّلتها' : undefined;
  },
  toolGrants: 'أدوات مسموح بها دون سؤال',
  noToolGrants: 'لا تعمل أي أداة دون سؤال.',
  grantReach: ({ title, scope, chatOnly }) => `${title}${scope ? ` (${scope})` : ''}, ${chatOnly ? 'في محادثة واحدة' : 'في كل المحادثات'}`,
  revokeGrant: 'إلغاء الإذن',
  answerEnding: (ending, maxToolRounds) => {
    switch (ending) {
      case 'length':
        return 'انقطع الرد عند حد الرموز';
      case 'content-filter':
        return 'أوقف فلتر المحتوى الرد';
      case 'error':
        return 'انقطع الرد بسبب خطأ';
      case 'stopped':
        return 'تم إيقاف الرد';
      case 'max-rounds':
        return `توقف الرد بعد ${rounds(maxToolRounds)}`;
      case 'budget':
        return 'توقف الرد عند بلوغ حد الرموز';
      case 'empty':
        return 'أنهى النموذج دون أن يجيب';
    }
  },
  continue: 'متابعة',
  continuePrompt: 'تابِع',
  interrupted: (count) =>
    count === 1
      ? 'أُغلقت الصفحة قبل أن تنتهي هذه الأداة'
      : count === 2
        ? 'أُغلقت الصفحة قبل أن تنتهي هاتان الأداتان'
        : `أُغلقت الصفحة قبل أن تنتهي هذه الأدوات (${f.number(count)})`,
  runAgain: 'إعادة التشغيل',
  toolPhase: {
    'streaming-input': 'جارٍ استلام الوسائط',
    pending: 'قيد الانتظار',
    running: 'قيد التشغيل',
    'awaiting-approval': 'بانتظار الموافقة',
    done: 'تم',
    error: 'خطأ',
    denied: 'مرفوض',
    cancelled: 'أُلغي',
    interrupted: 'انقطع',
    expired: 'منتهية الصلاحية',
  },
  duration: f.duration,
  userAuthor: 'أنت',
  assistantAuthor: 'المساعد',
  loadImage: (host) => `تحميل الصورة من ${host}`,
  loadEmbeddedImage: 'تحميل صورة SVG المضمّنة',
  linkDestination: (destination) => `(${destination})`,
  sources: 'المصادر',
  citation: (index, title) => `المصدر ${f.number(index)}: ${title}`,
  followUps: 'أسئلة متابعة مقترحة',
  goodAnswer: 'إجابة جيدة',
  badAnswer: 'إجابة سيئة',
  feedbackComment: (value) => (value === 'up' ? 'ما الذي أعجبك؟ (اختياري)' : 'ما الذي لم يكن جيدًا؟ (اختياري)'),
  sendFeedback: 'إرسال',
  closeFeedback: 'إغلاق',
  feedbackSent: 'شكرًا على ملاحظاتك',
  readAloud: 'القراءة بصوت عالٍ',
  stopReading: 'إيقاف القراءة',
  dictate: 'إملاء صوتي',
  stopDictation: 'إيقاف الإملاء',
  listening: 'جارٍ الاستماع…',
  dictationError: (error) =>
    error === 'not-allowed'
      ? 'تم رفض الوصول إلى الميكروفون'
      : error === 'no-speech'
        ? 'لم يُسمع أي كلام'
        : error === 'audio-capture'
          ? 'لم يُعثر على ميكروفون'
          : 'توقف الإملاء',
  contextWindow: 'نافذة السياق',
  contextUsed: (used, window) => (window ? `${f.compact(used)} / ${f.compact(window)}` : `${f.compact(used)} رمز`),
  usageRow: { context: 'السياق', input: 'الإدخال', output: 'الإخراج', reasoning: 'التفكير', cachedInput: 'إدخال من ذاكرة التخزين المؤقت', cost: 'التكلفة' },
  tokenCount: (count, window) => (window ? `${f.number(count)} من ${f.number(window)} (${percent(count, window)}%)` : f.number(count)),
  cost: f.money,
};

/** Arabic strings of `ThreadList` (`<ThreadList labels={arThreadList}>`). */
export const arThreadList: ThreadListLabels = {
  threads: 'المحادثات',
  newChat: 'محادثة جديدة',
  untitled: 'محادثة جديدة',
  rename: 'إعادة تسمية',
  delete: 'حذف',
  title: 'عنوان المحادثة',
  loading: 'جارٍ تحميل المحادثات…',
  loadFailed: 'تعذّر تحميل المحادثات.',
  renameFailed: 'تعذّرت إعادة تسمية المحادثة.',
  deleteFailed: 'تعذّر حذف المحادثة.',
};
