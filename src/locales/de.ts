import type { LocaleLabels } from '../react/components/part-labels';
import type { ThreadListLabels } from '../react/components/thread-list';
import { percent } from '../react/components/percent';
import { firstNames, formats } from './formats';

const f = /* @__PURE__ */ formats('de');
const more = (count: number) => `${count} weitere`;

/** German: every string of the chat (`<ChatWrapper labels={de}>`), in the formal address. */
export const de: LocaleLabels = {
  thinking: 'Denkt nach…',
  streaming: 'Schreibt…',
  waitingForToolInput: 'Wartet auf den vollständigen Tool-Aufruf…',
  executing: (tools, round, maxRounds) => `${f.list(tools)} wird ausgeführt…${round > 1 ? ` (Runde ${round} von ${maxRounds})` : ''}`,
  awaitingApproval: (tools) => `Wartet auf Ihre Freigabe, um ${f.list(tools)} auszuführen`,
  finalizing: 'Höchstzahl an Tool-Runden erreicht. Die endgültige Antwort wird erstellt…',
  budgetReached: 'Token-Budget erreicht. Die endgültige Antwort wird erstellt…',
  error: (error) => `Etwas ist schiefgelaufen: ${error.message}`,
  idle: '',
  send: 'Senden',
  stop: 'Stopp',
  retry: 'Erneut versuchen',
  approve: 'Erlauben',
  deny: 'Ablehnen',
  inputPlaceholder: 'Stellen Sie eine Frage…',
  messageList: 'Unterhaltung',
  toolArguments: 'Argumente',
  toolResult: 'Ergebnis',
  toolError: 'Fehler',
  composerLabel: 'Nachricht',
  copyCode: 'Code kopieren',
  copied: 'Kopiert',
  jumpToLatest: 'Zur neuesten Nachricht',
  messageActions: 'Aktionen für diese Nachricht',
  copyMessage: 'Kopieren',
  regenerate: 'Neu generieren',
  editMessage: 'Bearbeiten',
  editMessageLabel: 'Nachricht bearbeiten',
  cancelEdit: 'Abbrechen',
  sendEdit: 'Speichern und senden',
  attachFiles: 'Dateien anhängen',
  attachments: 'Anhänge',
  removeAttachment: (fileName) => `${fileName} entfernen`,
  attachmentRejected: (fileName, reason) =>
    reason === 'too-large'
      ? `${fileName} ist zu groß zum Anhängen`
      : reason === 'type'
        ? `${fileName} hat einen Dateityp, den dieser Chat nicht annimmt`
        : `${fileName} wurde nicht angehängt: zu viele Dateien`,
  dropFiles: 'Dateien zum Anhängen hier ablegen',
  earlierMessages: (count) => `Frühere Nachrichten anzeigen (${f.number(count)} weitere)`,
  emptyState: 'Wie kann ich helfen?',
  loadingConversation: 'Unterhaltung wird geladen…',
  newChat: 'Neuer Chat',
  suggestions: 'Vorschläge',
  reasoning: 'Denkt nach…',
  reasoningDone: 'Gedankengang',
  usedTools: (tools, count) =>
    count <= 3 && tools.length === count ? `Verwendet: ${f.list(tools)}` : `${f.number(count)} Tool-Aufrufe: ${firstNames(f, tools, more)}`,
  failedTools: (count) => `${f.number(count)} fehlgeschlagen`,
  deniedTools: (count) => `${f.number(count)} abgelehnt`,
  alwaysAllow: (tool) => `${tool} immer erlauben`,
  allowForChat: 'In diesem Chat erlauben',
  grantScope: (scope) => `„In diesem Chat erlauben“ und „Immer erlauben“ gelten nur für ${scope}`,
  denyWithReason: 'Mit Begründung ablehnen…',
  denyReason: 'Begründung (der Assistent liest sie)',
  editArguments: 'Argumente bearbeiten',
  editArgumentsLabel: 'Argumente (JSON)',
  runEdited: 'Mit diesen Argumenten ausführen',
  invalidJson: (message) => `Die Argumente sind kein gültiges JSON: ${message}`,
  approvalDecided: ({ approved, by, reason, edited }) => {
    const why = reason ? `: ${reason}` : '';
    if (by === 'policy') return `${approved ? 'Automatisch erlaubt' : 'Automatisch abgelehnt'}${why}`;
    if (by === 'grant') return 'Durch Ihre Erlaubnis erlaubt';
    if (by === 'timeout') return 'Niemand hat rechtzeitig geantwortet';
    return edited && approved ? 'Mit Ihren bearbeiteten Argumenten ausgeführt' : undefined;
  },
  toolGrants: 'Tools, die ohne Nachfrage laufen',
  noToolGrants: 'Kein Tool läuft ohne Nachfrage.',
  grantReach: ({ title, scope, chatOnly }) => `${title}${scope ? ` (${scope})` : ''}, ${chatOnly ? 'in einem Chat' : 'in jedem Chat'}`,
  revokeGrant: 'Widerrufen',
  answerEnding: (ending, maxToolRounds) => {
    switch (ending) {
      case 'length':
        return 'Am Token-Limit abgeschnitten';
      case 'content-filter':
        return 'Vom Inhaltsfilter gestoppt';
      case 'error':
        return 'Durch einen Fehler abgebrochen';
      case 'stopped':
        return 'Gestoppt';
      case 'max-rounds':
        return `Nach ${maxToolRounds} ${maxToolRounds === 1 ? 'Tool-Runde' : 'Tool-Runden'} gestoppt`;
      case 'budget':
        return 'Am Token-Budget gestoppt';
      case 'empty':
        return 'Das Modell hat ohne Antwort aufgehört';
    }
  },
  continue: 'Weiter',
  continuePrompt: 'Weiter',
  interrupted: (count) =>
    count === 1 ? 'Die Seite wurde geschlossen, bevor dieses Tool fertig war' : `Die Seite wurde geschlossen, bevor diese ${f.number(count)} Tools fertig waren`,
  runAgain: 'Erneut ausführen',
  toolPhase: {
    'streaming-input': 'Argumente werden übertragen',
    pending: 'Ausstehend',
    running: 'Läuft',
    'awaiting-approval': 'Wartet auf Freigabe',
    done: 'Fertig',
    error: 'Fehler',
    denied: 'Abgelehnt',
    cancelled: 'Abgebrochen',
    interrupted: 'Unterbrochen',
    expired: 'Abgelaufen',
  },
  duration: f.duration,
  userAuthor: 'Sie',
  assistantAuthor: 'Assistent',
  loadImage: (host) => `Bild von ${host} laden`,
  loadEmbeddedImage: 'Eingebettetes SVG-Bild laden',
  linkDestination: (destination) => `(${destination})`,
  sources: 'Quellen',
  citation: (index, title) => `Quelle ${index}: ${title}`,
  followUps: 'Vorgeschlagene Anschlussfragen',
  goodAnswer: 'Gute Antwort',
  badAnswer: 'Schlechte Antwort',
  feedbackComment: (value) => (value === 'up' ? 'Was war gut? (optional)' : 'Was war nicht gut? (optional)'),
  sendFeedback: 'Senden',
  closeFeedback: 'Schließen',
  feedbackSent: 'Danke für Ihr Feedback',
  readAloud: 'Vorlesen',
  stopReading: 'Vorlesen beenden',
  dictate: 'Diktieren',
  stopDictation: 'Diktat beenden',
  listening: 'Hört zu…',
  dictationError: (error) =>
    error === 'not-allowed'
      ? 'Der Zugriff auf das Mikrofon wurde verweigert'
      : error === 'no-speech'
        ? 'Es wurde nichts gesagt'
        : error === 'audio-capture'
          ? 'Kein Mikrofon gefunden'
          : 'Das Diktat wurde beendet',
  contextWindow: 'Kontextfenster',
  contextUsed: (used, window) => (window ? `${f.compact(used)} / ${f.compact(window)}` : `${f.compact(used)} Tokens`),
  usageRow: { context: 'Kontext', input: 'Eingabe', output: 'Ausgabe', reasoning: 'Denkprozess', cachedInput: 'Eingabe aus dem Cache', cost: 'Kosten' },
  tokenCount: (count, window) => (window ? `${f.number(count)} von ${f.number(window)} (${percent(count, window)} %)` : f.number(count)),
  cost: f.money,
};

/** German strings of `ThreadList` (`<ThreadList labels={deThreadList}>`). */
export const deThreadList: ThreadListLabels = {
  threads: 'Chats',
  newChat: 'Neuer Chat',
  untitled: 'Neuer Chat',
  rename: 'Umbenennen',
  delete: 'Löschen',
  title: 'Chat-Titel',
  loading: 'Chats werden geladen…',
  loadFailed: 'Die Chats konnten nicht geladen werden.',
  renameFailed: 'Der Chat konnte nicht umbenannt werden.',
  deleteFailed: 'Der Chat konnte nicht gelöscht werden.',
};
