import type { LocaleLabels } from '../react/components/part-labels';
import type { ThreadListLabels } from '../react/components/thread-list';
import { percent } from '../react/components/percent';
import { firstNames, formats } from './formats';

const f = /* @__PURE__ */ formats('fr');
// French puts a no-break space before `:`, `?`, `!` and `%`.
const nb = '\u00a0';
const plural = (count: number, one: string, other: string) => (f.plural(count) === 'one' ? one : other);
const more = (count: number) => `${count} autre${plural(count, '', 's')}`;

/** French: every string of the chat (`<ChatWrapper labels={fr}>`), addressing the user as « vous ». */
export const fr: LocaleLabels = {
  thinking: 'Réflexion…',
  streaming: 'Rédaction…',
  waitingForToolInput: 'En attente de l’appel d’outil complet…',
  executing: (tools, round, maxRounds) => `Exécution de ${f.list(tools)}…${round > 1 ? ` (tour ${round} sur ${maxRounds})` : ''}`,
  awaitingApproval: (tools) => `En attente de votre autorisation pour exécuter ${f.list(tools)}`,
  finalizing: 'Nombre maximal de tours d’outils atteint. Rédaction de la réponse finale…',
  budgetReached: 'Budget de jetons atteint. Rédaction de la réponse finale…',
  error: (error) => `Une erreur s’est produite${nb}: ${error.message}`,
  idle: '',
  send: 'Envoyer',
  stop: 'Arrêter',
  retry: 'Réessayer',
  approve: 'Autoriser',
  deny: 'Refuser',
  inputPlaceholder: 'Posez une question…',
  messageList: 'Conversation',
  toolArguments: 'Arguments',
  toolResult: 'Résultat',
  toolError: 'Erreur',
  composerLabel: 'Message',
  copyCode: 'Copier le code',
  copied: 'Copié',
  jumpToLatest: 'Aller au dernier message',
  messageActions: 'Actions du message',
  copyMessage: 'Copier',
  regenerate: 'Régénérer',
  editMessage: 'Modifier',
  editMessageLabel: 'Modifier le message',
  cancelEdit: 'Annuler',
  sendEdit: 'Enregistrer et envoyer',
  attachFiles: 'Joindre des fichiers',
  attachments: 'Pièces jointes',
  removeAttachment: (fileName) => `Retirer ${fileName}`,
  attachmentRejected: (fileName, reason) =>
    reason === 'too-large'
      ? `${fileName} est trop volumineux pour être joint`
      : reason === 'type'
        ? `Ce chat n’accepte pas le type de fichier de ${fileName}`
        : `${fileName} n’a pas été joint${nb}: trop de fichiers`,
  dropFiles: 'Déposez des fichiers pour les joindre',
  earlierMessages: (count) => `Afficher les messages précédents (${f.number(count)} de plus)`,
  emptyState: `Comment puis-je vous aider${nb}?`,
  loadingConversation: 'Chargement de la conversation…',
  newChat: 'Nouvelle discussion',
  suggestions: 'Suggestions',
  reasoning: 'Réflexion…',
  reasoningDone: 'Raisonnement',
  usedTools: (tools, count) =>
    count <= 3 && tools.length === count
      ? `${plural(count, 'Outil utilisé', 'Outils utilisés')}${nb}: ${f.list(tools)}`
      : `${f.number(count)} appels d’outils${nb}: ${firstNames(f, tools, more)}`,
  failedTools: (count) => `${f.number(count)} en échec`,
  deniedTools: (count) => `${f.number(count)} ${plural(count, 'refusé', 'refusés')}`,
  alwaysAllow: (tool) => `Toujours autoriser ${tool}`,
  allowForChat: 'Autoriser pour cette conversation',
  grantScope: (scope) => `« Autoriser pour cette conversation » et « Toujours autoriser » ne couvrent que ${scope}`,
  denyWithReason: 'Refuser avec une raison…',
  denyReason: 'Raison (l’assistant la lit)',
  editArguments: 'Modifier les arguments',
  editArgumentsLabel: 'Arguments (JSON)',
  runEdited: 'Exécuter avec ces arguments',
  invalidJson: (message) => `Les arguments ne sont pas du JSON valide : ${message}`,
  approvalDecided: ({ approved, by, reason, edited }) => {
    const why = reason ? `: ${reason}` : '';
    if (by === 'policy') return `${approved ? 'Autorisé automatiquement' : 'Refusé automatiquement'}${why}`;
    if (by === 'grant') return 'Autorisé par votre permission';
    if (by === 'timeout') return 'Personne n’a répondu à temps';
    return edited && approved ? 'Exécuté avec les arguments que vous avez modifiés' : undefined;
  },
  toolGrants: 'Outils autorisés sans demander',
  noToolGrants: 'Aucun outil ne s’exécute sans demander.',
  grantReach: ({ title, scope, chatOnly }) => `${title}${scope ? ` (${scope})` : ''}, ${chatOnly ? 'dans une conversation' : 'dans toutes les conversations'}`,
  revokeGrant: 'Révoquer',
  answerEnding: (ending, maxToolRounds) => {
    switch (ending) {
      case 'length':
        return 'Réponse coupée à la limite de jetons';
      case 'content-filter':
        return 'Réponse arrêtée par le filtre de contenu';
      case 'error':
        return 'Réponse interrompue par une erreur';
      case 'stopped':
        return 'Réponse arrêtée';
      case 'max-rounds':
        return `Réponse arrêtée après ${maxToolRounds} ${plural(maxToolRounds, 'tour', 'tours')} d’outils`;
      case 'budget':
        return 'Réponse arrêtée au budget de jetons';
      case 'empty':
        return 'Le modèle s’est arrêté sans répondre';
    }
  },
  continue: 'Continuer',
  continuePrompt: 'Continuer',
  interrupted: (count) =>
    count === 1 ? 'La page a été fermée avant la fin de cet outil' : `La page a été fermée avant la fin de ces ${f.number(count)} outils`,
  runAgain: 'Relancer',
  toolPhase: {
    'streaming-input': 'Réception des arguments',
    pending: 'En attente',
    running: 'En cours',
    'awaiting-approval': 'En attente d’autorisation',
    done: 'Terminé',
    error: 'Erreur',
    denied: 'Refusé',
    cancelled: 'Annulé',
    interrupted: 'Interrompu',
    expired: 'Expiré',
  },
  duration: f.duration,
  userAuthor: 'Vous',
  assistantAuthor: 'Assistant',
  loadImage: (host) => `Charger l’image de ${host}`,
  loadEmbeddedImage: 'Charger l’image SVG intégrée',
  linkDestination: (destination) => `(${destination})`,
  sources: 'Sources',
  citation: (index, title) => `Source ${index}${nb}: ${title}`,
  followUps: 'Questions de suivi suggérées',
  goodAnswer: 'Bonne réponse',
  badAnswer: 'Mauvaise réponse',
  feedbackComment: (value) => (value === 'up' ? `Qu’avez-vous apprécié${nb}? (facultatif)` : `Qu’est-ce qui n’allait pas${nb}? (facultatif)`),
  sendFeedback: 'Envoyer',
  closeFeedback: 'Fermer',
  feedbackSent: 'Merci pour votre retour',
  readAloud: 'Lire à voix haute',
  stopReading: 'Arrêter la lecture',
  dictate: 'Dicter',
  stopDictation: 'Arrêter la dictée',
  listening: 'À l’écoute…',
  dictationError: (error) =>
    error === 'not-allowed'
      ? 'L’accès au micro a été refusé'
      : error === 'no-speech'
        ? 'Aucune parole n’a été détectée'
        : error === 'audio-capture'
          ? 'Aucun micro n’a été trouvé'
          : 'La dictée s’est arrêtée',
  contextWindow: 'Fenêtre de contexte',
  contextUsed: (used, window) => (window ? `${f.compact(used)} / ${f.compact(window)}` : `${f.compact(used)} jetons`),
  usageRow: { context: 'Contexte', input: 'Entrée', output: 'Sortie', reasoning: 'Raisonnement', cachedInput: 'Entrée en cache', cost: 'Coût' },
  tokenCount: (count, window) => (window ? `${f.number(count)} sur ${f.number(window)} (${percent(count, window)}${nb}%)` : f.number(count)),
  cost: f.money,
};

/** French strings of `ThreadList` (`<ThreadList labels={frThreadList}>`). */
export const frThreadList: ThreadListLabels = {
  threads: 'Discussions',
  newChat: 'Nouvelle discussion',
  untitled: 'Nouvelle discussion',
  rename: 'Renommer',
  delete: 'Supprimer',
  title: 'Titre de la discussion',
  loading: 'Chargement des discussions…',
  loadFailed: 'Impossible de charger les discussions.',
  renameFailed: 'Impossible de renommer la discussion.',
  deleteFailed: 'Impossible de supprimer la discussion.',
};
