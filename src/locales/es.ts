import type { LocaleLabels } from '../react/components/part-labels';
import type { ThreadListLabels } from '../react/components/thread-list';
import { percent } from '../react/components/percent';
import { firstNames, formats } from './formats';

const f = /* @__PURE__ */ formats('es');
const plural = (count: number, one: string, other: string) => (f.plural(count) === 'one' ? one : other);
const more = (count: number) => `${count} más`;

/** Spanish: every string of the chat (`<ChatWrapper labels={es}>`), addressing the user as «tú». */
export const es: LocaleLabels = {
  thinking: 'Pensando…',
  streaming: 'Escribiendo…',
  waitingForToolInput: 'Esperando a que se complete la llamada a la herramienta…',
  executing: (tools, round, maxRounds) => `Ejecutando ${f.list(tools)}…${round > 1 ? ` (ronda ${round} de ${maxRounds})` : ''}`,
  awaitingApproval: (tools) => `Esperando tu aprobación para ejecutar ${f.list(tools)}`,
  finalizing: 'Se alcanzó el máximo de rondas de herramientas. Generando la respuesta final…',
  budgetReached: 'Se alcanzó el presupuesto de tokens. Generando la respuesta final…',
  error: (error) => `Algo salió mal: ${error.message}`,
  idle: '',
  send: 'Enviar',
  stop: 'Detener',
  retry: 'Reintentar',
  approve: 'Aprobar',
  deny: 'Denegar',
  inputPlaceholder: 'Pregunta lo que quieras…',
  messageList: 'Conversación',
  toolArguments: 'Argumentos',
  toolResult: 'Resultado',
  toolError: 'Error',
  composerLabel: 'Mensaje',
  copyCode: 'Copiar código',
  copied: 'Copiado',
  jumpToLatest: 'Ir al último mensaje',
  messageActions: 'Acciones del mensaje',
  copyMessage: 'Copiar',
  regenerate: 'Regenerar',
  editMessage: 'Editar',
  editMessageLabel: 'Editar mensaje',
  cancelEdit: 'Cancelar',
  sendEdit: 'Guardar y enviar',
  attachFiles: 'Adjuntar archivos',
  attachments: 'Archivos adjuntos',
  removeAttachment: (fileName) => `Quitar ${fileName}`,
  attachmentRejected: (fileName, reason) =>
    reason === 'too-large'
      ? `${fileName} es demasiado grande para adjuntarlo`
      : reason === 'type'
        ? `Este chat no admite el tipo de archivo de ${fileName}`
        : `No se adjuntó ${fileName}: demasiados archivos`,
  dropFiles: 'Suelta los archivos para adjuntarlos',
  earlierMessages: (count) => `Mostrar mensajes anteriores (${f.number(count)} más)`,
  emptyState: '¿En qué puedo ayudarte?',
  loadingConversation: 'Cargando la conversación…',
  newChat: 'Nuevo chat',
  suggestions: 'Sugerencias',
  reasoning: 'Pensando…',
  reasoningDone: 'Razonamiento',
  usedTools: (tools, count) =>
    count <= 3 && tools.length === count
      ? `${plural(count, 'Herramienta usada', 'Herramientas usadas')}: ${f.list(tools)}`
      : `${f.number(count)} llamadas a herramientas: ${firstNames(f, tools, more)}`,
  failedTools: (count) => `${f.number(count)} con error`,
  deniedTools: (count) => `${f.number(count)} ${plural(count, 'denegada', 'denegadas')}`,
  alwaysAllow: (tool) => `Permitir siempre ${tool}`,
  allowForChat: 'Permitir en este chat',
  grantScope: (scope) => `«Permitir en este chat» y «Permitir siempre» solo cubren ${scope}`,
  denyWithReason: 'Denegar con un motivo…',
  denyReason: 'Motivo (el asistente lo lee)',
  editArguments: 'Editar argumentos',
  editArgumentsLabel: 'Argumentos (JSON)',
  runEdited: 'Ejecutar con estos argumentos',
  invalidJson: (message) => `Los argumentos no son JSON válido: ${message}`,
  approvalDecided: ({ approved, by, reason, edited }) => {
    const why = reason ? `: ${reason}` : '';
    if (by === 'policy') return `${approved ? 'Permitido automáticamente' : 'Denegado automáticamente'}${why}`;
    if (by === 'grant') return 'Permitido por tu permiso';
    if (by === 'timeout') return 'Nadie respondió a tiempo';
    return edited && approved ? 'Ejecutado con los argumentos que editaste' : undefined;
  },
  toolGrants: 'Herramientas permitidas sin preguntar',
  noToolGrants: 'Ninguna herramienta se ejecuta sin preguntar.',
  grantReach: ({ title, scope, chatOnly }) => `${title}${scope ? ` (${scope})` : ''}, ${chatOnly ? 'en un chat' : 'en todos los chats'}`,
  revokeGrant: 'Revocar',
  answerEnding: (ending, maxToolRounds) => {
    switch (ending) {
      case 'length':
        return 'Respuesta cortada en el límite de tokens';
      case 'content-filter':
        return 'Respuesta detenida por el filtro de contenido';
      case 'error':
        return 'Respuesta interrumpida por un error';
      case 'stopped':
        return 'Respuesta detenida';
      case 'max-rounds':
        return `Respuesta detenida tras ${maxToolRounds} ${plural(maxToolRounds, 'ronda', 'rondas')} de herramientas`;
      case 'budget':
        return 'Respuesta detenida al agotar el presupuesto de tokens';
      case 'empty':
        return 'El modelo terminó sin responder';
    }
  },
  continue: 'Continuar',
  continuePrompt: 'Continuar',
  interrupted: (count) =>
    count === 1
      ? 'Se cerró la página antes de que terminara esta herramienta'
      : `Se cerró la página antes de que terminaran estas ${f.number(count)} herramientas`,
  runAgain: 'Volver a ejecutar',
  toolPhase: {
    'streaming-input': 'Recibiendo argumentos',
    pending: 'Pendiente',
    running: 'En curso',
    'awaiting-approval': 'Esperando aprobación',
    done: 'Completada',
    error: 'Error',
    denied: 'Denegada',
    cancelled: 'Cancelada',
    interrupted: 'Interrumpida',
    expired: 'Caducado',
  },
  duration: f.duration,
  userAuthor: 'Tú',
  assistantAuthor: 'Asistente',
  loadImage: (host) => `Cargar imagen de ${host}`,
  loadEmbeddedImage: 'Cargar la imagen SVG incrustada',
  linkDestination: (destination) => `(${destination})`,
  sources: 'Fuentes',
  citation: (index, title) => `Fuente ${index}: ${title}`,
  followUps: 'Preguntas sugeridas',
  goodAnswer: 'Buena respuesta',
  badAnswer: 'Mala respuesta',
  feedbackComment: (value) => (value === 'up' ? '¿Qué te gustó? (opcional)' : '¿Qué salió mal? (opcional)'),
  sendFeedback: 'Enviar',
  closeFeedback: 'Cerrar',
  feedbackSent: 'Gracias por tus comentarios',
  readAloud: 'Leer en voz alta',
  stopReading: 'Detener la lectura',
  dictate: 'Dictar',
  stopDictation: 'Detener el dictado',
  listening: 'Escuchando…',
  dictationError: (error) =>
    error === 'not-allowed'
      ? 'Se denegó el acceso al micrófono'
      : error === 'no-speech'
        ? 'No se detectó ninguna voz'
        : error === 'audio-capture'
          ? 'No se encontró ningún micrófono'
          : 'El dictado se detuvo',
  contextWindow: 'Ventana de contexto',
  contextUsed: (used, window) => (window ? `${f.compact(used)} / ${f.compact(window)}` : `${f.compact(used)} tokens`),
  usageRow: { context: 'Contexto', input: 'Entrada', output: 'Salida', reasoning: 'Razonamiento', cachedInput: 'Entrada en caché', cost: 'Costo' },
  tokenCount: (count, window) => (window ? `${f.number(count)} de ${f.number(window)} (${percent(count, window)} %)` : f.number(count)),
  cost: f.money,
};

/** Spanish strings of `ThreadList` (`<ThreadList labels={esThreadList}>`). */
export const esThreadList: ThreadListLabels = {
  threads: 'Chats',
  newChat: 'Nuevo chat',
  untitled: 'Nuevo chat',
  rename: 'Cambiar nombre',
  delete: 'Eliminar',
  title: 'Título del chat',
  loading: 'Cargando chats…',
  loadFailed: 'No se pudieron cargar los chats.',
  renameFailed: 'No se pudo cambiar el nombre del chat.',
  deleteFailed: 'No se pudo eliminar el chat.',
};
