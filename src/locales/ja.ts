import type { LocaleLabels } from '../react/components/part-labels';
import type { ThreadListLabels } from '../react/components/thread-list';
import { percent } from '../react/components/percent';
import { firstNames, formats } from './formats';

const f = /* @__PURE__ */ formats('ja');
const more = (count: number) => `ほか${count}件`;

/** Japanese: every string of the chat (`<ChatWrapper labels={ja}>`), in the polite style. */
export const ja: LocaleLabels = {
  thinking: '考えています…',
  streaming: '回答を書いています…',
  waitingForToolInput: 'ツール呼び出しの完了を待っています…',
  executing: (tools, round, maxRounds) => `${f.list(tools)}を実行しています…${round > 1 ? `（ラウンド${round}/${maxRounds}）` : ''}`,
  awaitingApproval: (tools) => `${f.list(tools)}の実行には承認が必要です`,
  finalizing: 'ツール実行の上限回数に達しました。最終的な回答を作成しています…',
  budgetReached: 'トークンの上限に達しました。最終的な回答を作成しています…',
  error: (error) => `エラーが発生しました: ${error.message}`,
  idle: '',
  send: '送信',
  stop: '停止',
  retry: '再試行',
  approve: '許可',
  deny: '拒否',
  inputPlaceholder: '質問を入力してください…',
  messageList: '会話',
  toolArguments: '引数',
  toolResult: '結果',
  toolError: 'エラー',
  composerLabel: 'メッセージ',
  copyCode: 'コードをコピー',
  copied: 'コピーしました',
  jumpToLatest: '最新のメッセージへ移動',
  messageActions: 'メッセージの操作',
  copyMessage: 'コピー',
  regenerate: '再生成',
  editMessage: '編集',
  editMessageLabel: 'メッセージを編集',
  cancelEdit: 'キャンセル',
  sendEdit: '保存して送信',
  attachFiles: 'ファイルを添付',
  attachments: '添付ファイル',
  removeAttachment: (fileName) => `${fileName}を削除`,
  attachmentRejected: (fileName, reason) =>
    reason === 'too-large'
      ? `${fileName}はサイズが大きすぎるため添付できません`
      : reason === 'type'
        ? `${fileName}はこのチャットで扱えない種類のファイルです`
        : `ファイルが多すぎるため、${fileName}は添付されませんでした`,
  dropFiles: 'ここにドロップして添付',
  earlierMessages: (count) => `以前のメッセージを表示（残り${f.number(count)}件）`,
  emptyState: 'どのようなことをお手伝いしましょうか？',
  loadingConversation: '会話を読み込んでいます…',
  newChat: '新しいチャット',
  suggestions: 'おすすめ',
  reasoning: '考えています…',
  reasoningDone: '思考プロセス',
  usedTools: (tools, count) =>
    count <= 3 && tools.length === count ? `${f.list(tools)}を使用しました` : `ツールを${f.number(count)}回呼び出しました: ${firstNames(f, tools, more)}`,
  failedTools: (count) => `${f.number(count)}件失敗`,
  deniedTools: (count) => `${f.number(count)}件拒否`,
  alwaysAllow: (tool) => `${tool}を常に許可`,
  allowForChat: 'このチャットで許可',
  grantScope: (scope) => `「このチャットで許可」と「常に許可」は ${scope} のみが対象です`,
  denyWithReason: '理由を付けて拒否…',
  denyReason: '理由（アシスタントが読みます）',
  editArguments: '引数を編集',
  editArgumentsLabel: '引数（JSON）',
  runEdited: 'この引数で実行',
  invalidJson: (message) => `引数が有効な JSON ではありません: ${message}`,
  approvalDecided: ({ approved, by, reason, edited }) => {
    const why = reason ? `: ${reason}` : '';
    if (by === 'policy') return `${approved ? '自動的に許可されました' : '自動的に拒否されました'}${why}`;
    if (by === 'grant') return 'あなたの許可により実行されました';
    if (by === 'timeout') return '時間内に応答がありませんでした';
    return edited && approved ? '編集した引数で実行されました' : undefined;
  },
  toolGrants: '確認なしで実行できるツール',
  noToolGrants: '確認なしで実行されるツールはありません。',
  grantReach: ({ title, scope, chatOnly }) => `${title}${scope ? ` (${scope})` : ''}, ${chatOnly ? '1 つのチャットで' : 'すべてのチャットで'}`,
  revokeGrant: '取り消す',
  answerEnding: (ending, maxToolRounds) => {
    switch (ending) {
      case 'length':
        return 'トークンの上限で回答が途切れました';
      case 'content-filter':
        return 'コンテンツフィルターにより回答が停止されました';
      case 'error':
        return 'エラーにより回答が中断されました';
      case 'stopped':
        return '回答を停止しました';
      case 'max-rounds':
        return `ツールを${maxToolRounds}ラウンド実行したところで停止しました`;
      case 'budget':
        return 'トークン予算に達したため停止しました';
      case 'empty':
        return 'モデルは回答せずに終了しました';
    }
  },
  continue: '続ける',
  continuePrompt: '続けてください',
  interrupted: (count) =>
    count === 1 ? 'このツールの完了前にページが閉じられました' : `${f.number(count)}個のツールの完了前にページが閉じられました`,
  runAgain: '再実行',
  toolPhase: {
    'streaming-input': '引数を受信中',
    pending: '保留中',
    running: '実行中',
    'awaiting-approval': '承認待ち',
    done: '完了',
    error: 'エラー',
    denied: '拒否済み',
    cancelled: 'キャンセル済み',
    interrupted: '中断',
    expired: '期限切れ',
  },
  duration: f.duration,
  userAuthor: 'あなた',
  assistantAuthor: 'アシスタント',
  loadImage: (host) => `${host}の画像を読み込む`,
  loadEmbeddedImage: '埋め込みのSVG画像を読み込む',
  linkDestination: (destination) => `（${destination}）`,
  sources: '出典',
  citation: (index, title) => `出典${index}: ${title}`,
  followUps: 'おすすめの質問',
  goodAnswer: '良い回答',
  badAnswer: '良くない回答',
  feedbackComment: (value) => (value === 'up' ? '良かった点をお聞かせください（任意）' : '問題点をお聞かせください（任意）'),
  sendFeedback: '送信',
  closeFeedback: '閉じる',
  feedbackSent: 'フィードバックをありがとうございます',
  readAloud: '読み上げ',
  stopReading: '読み上げを停止',
  dictate: '音声入力',
  stopDictation: '音声入力を停止',
  listening: '聞き取っています…',
  dictationError: (error) =>
    error === 'not-allowed'
      ? 'マイクへのアクセスが拒否されました'
      : error === 'no-speech'
        ? '音声が検出されませんでした'
        : error === 'audio-capture'
          ? 'マイクが見つかりません'
          : '音声入力が停止しました',
  contextWindow: 'コンテキストウィンドウ',
  contextUsed: (used, window) => (window ? `${f.compact(used)} / ${f.compact(window)}` : `${f.compact(used)} トークン`),
  usageRow: { context: 'コンテキスト', input: '入力', output: '出力', reasoning: '推論', cachedInput: 'キャッシュ済み入力', cost: '料金' },
  tokenCount: (count, window) => (window ? `${f.number(count)} / ${f.number(window)}（${percent(count, window)}%）` : f.number(count)),
  cost: f.money,
};

/** Japanese strings of `ThreadList` (`<ThreadList labels={jaThreadList}>`). */
export const jaThreadList: ThreadListLabels = {
  threads: 'チャット',
  newChat: '新しいチャット',
  untitled: '新しいチャット',
  rename: '名前を変更',
  delete: '削除',
  title: 'チャットのタイトル',
  loading: 'チャットを読み込んでいます…',
  loadFailed: 'チャットを読み込めませんでした。',
  renameFailed: 'チャットの名前を変更できませんでした。',
  deleteFailed: 'チャットを削除できませんでした。',
};
