import type { UIMessage } from 'ai';
import { quoteClientText } from '../request/client-text';
import { withOpenCallsCancelled } from './answer-end';
import type { ChatIntent } from '../../core/chat-intent';
import { sameJson } from './same-json';
import { mergeToolResults, type Refusal } from './tool-results';

/** What an intent does to a stored thread: what the model answers, and the write that starts it. */
export interface TurnPlan {
  ok: true;
  /** The conversation the model answers: the stored path with the intent applied. */
  path: UIMessage[];
  /** The first write: `messages` follow the stored message `after`, replacing what followed it. */
  write: { after: string | null; messages: UIMessage[] };
  /** The stored answer this turn goes on with (tool results); otherwise a new answer follows `path`. */
  continued?: UIMessage;
}

export interface IntentInput {
  intent: ChatIntent;
  /** The thread's messages as stored (empty for a new thread). */
  stored: readonly UIMessage[];
  /** The messages of the request. */
  sent: readonly UIMessage[];
  isServerTool: (toolName: string) => boolean;
}

/** The parts a user message may hold. */
const USER_PARTS = new Set(['text', 'file']);

/**
 * Applies a request's intent to the stored thread, or refuses it naming what was refused. Pure:
 * nothing is stored and no model is called for a refusal. Messages are found by id; a stale
 * client (another tab wrote since) gets a `409`, a request the intent cannot take a `400`.
 */
export function applyIntent({ intent, stored, sent, isServerTool }: IntentInput): TurnPlan | Refusal {
  const at = (id: string) => stored.findIndex((message) => message.id === id);
  const last = stored.at(-1);
  switch (intent.type) {
    case 'send': {
      const message = single(sent, 'send');
      if (!message.ok) return message;
      const user = userMessage(message.message, 'send');
      if (!user.ok) return user;
      const index = at(user.message.id);
      if (index !== -1) {
        // The last user message again (a retry after a failed answer): answered again, as it is.
        const lastUser = stored.findLastIndex((candidate) => candidate.role === 'user');
        if (index === lastUser && sameJson(stored[index], user.message)) return answerAfter(stored, index);
        return refuse(409, `Message ${quoteClientText(user.message.id)} is already stored in this chat: a new message needs a new id (an edit is the edit intent)`);
      }
      return appendAfter(stored, stored.length, [user.message]);
    }
    case 'tool-results': {
      const message = single(sent, 'tool-results');
      if (!message.ok) return message;
      const answer = message.message;
      if (answer.role !== 'assistant') return refuse(400, `Invalid intent tool-results: messages[0] is a ${quoteClientText(answer.role)} message; it must be the chat's last answer with its tool results`);
      if (last?.role !== 'assistant' || last.id !== answer.id) {
        return refuse(409, `Tool results go with the chat's last answer${last?.role === 'assistant' ? ` (${quoteClientText(last.id)})` : ', and it has none'}; ${quoteClientText(answer.id)} is not it: reload the chat`);
      }
      const merged = mergeToolResults(last, answer, { isServerTool });
      if (!merged.ok) return merged;
      const path = [...stored.slice(0, -1), merged.message];
      return { ok: true, path, write: { after: idBefore(stored, stored.length - 1), messages: [merged.message] }, continued: merged.message };
    }
    case 'edit': {
      const message = single(sent, 'edit');
      if (!message.ok) return message;
      const user = userMessage(message.message, 'edit');
      if (!user.ok) return user;
      if (user.message.id !== intent.messageId) {
        return refuse(400, `Invalid intent edit: messages[0] is ${quoteClientText(user.message.id)}, not the message edited (${quoteClientText(intent.messageId)})`);
      }
      const index = at(intent.messageId);
      if (index === -1 || stored[index]!.role !== 'user') {
        return refuse(409, `Invalid intent edit: this chat has no stored user message ${quoteClientText(intent.messageId)}: reload the chat`);
      }
      return appendAfter(stored, index, [user.message]);
    }
    case 'regenerate': {
      if (sent.length > 1) return tooMany(sent.length, 'regenerate');
      // The message the answer follows, when the client names it (the AI SDK sends its last message).
      const kept = sent[0];
      if (kept) {
        const index = at(kept.id);
        if (index === -1 || !sameJson(stored[index], kept)) {
          return refuse(409, `Invalid intent regenerate: messages[0] (${quoteClientText(kept.id)}) is not a message of this chat as stored: reload the chat`);
        }
      }
      const target = intent.messageId ?? kept?.id ?? last?.id;
      const index = target === undefined ? -1 : at(target);
      if (index === -1) return refuse(409, `Invalid intent regenerate: this chat has no stored message ${quoteClientText(target ?? '')}: reload the chat`);
      // An answer is asked again from the message before it; a user message is answered again.
      const from = stored[index]!.role === 'assistant' ? index - 1 : index;
      if (kept && intent.messageId !== undefined && at(kept.id) !== from) {
        return refuse(409, `Invalid intent regenerate: ${quoteClientText(intent.messageId)} does not follow ${quoteClientText(kept.id)} in this chat: reload the chat`);
      }
      if (from < 0 || stored[from]!.role !== 'user') return refuse(409, `Invalid intent regenerate: ${quoteClientText(target!)} does not answer a user message`);
      return answerAfter(stored, from);
    }
  }
}

/** The stored messages up to `index` (excluded), then `messages`: a new user message, an edit. */
function appendAfter(stored: readonly UIMessage[], index: number, messages: UIMessage[]): TurnPlan {
  const before = stored.slice(0, index);
  const previous = before.at(-1);
  // Calls of the answer the user moved on from end as cancelled (the browser settles them too).
  const settled = previous && withOpenCallsCancelled(previous);
  if (previous && settled !== previous) {
    return { ok: true, path: [...before.slice(0, -1), settled!, ...messages], write: { after: idBefore(stored, index - 1), messages: [settled!, ...messages] } };
  }
  return { ok: true, path: [...before, ...messages], write: { after: previous?.id ?? null, messages } };
}

/** The stored messages up to `index` (included), answered anew: what followed goes. */
function answerAfter(stored: readonly UIMessage[], index: number): TurnPlan {
  return { ok: true, path: stored.slice(0, index + 1), write: { after: stored[index]!.id, messages: [] } };
}

function idBefore(stored: readonly UIMessage[], index: number): string | null {
  return index > 0 ? stored[index - 1]!.id : null;
}

function single(sent: readonly UIMessage[], intent: string): { ok: true; message: UIMessage } | Refusal {
  if (sent.length !== 1) return sent.length === 0 ? refuse(400, `Invalid intent ${intent}: messages must hold its message`) : tooMany(sent.length, intent);
  return { ok: true, message: sent[0]! };
}

function tooMany(count: number, intent: string): Refusal {
  return refuse(
    400,
    `Invalid intent ${intent}: messages holds ${count} messages. The server keeps this chat's conversation: send only the new message (sendOnlyNewMessages in prepareSendMessagesRequest)`,
  );
}

function userMessage(message: UIMessage, intent: string): { ok: true; message: UIMessage } | Refusal {
  if (message.role !== 'user') {
    return refuse(400, `Invalid intent ${intent}: messages[0] is ${message.role === 'assistant' ? 'an assistant' : `a ${quoteClientText(message.role)}`} message; only the model writes answers, a client sends user messages`);
  }
  const other = message.parts.findIndex((part) => !USER_PARTS.has(part.type));
  if (other !== -1) {
    return refuse(400, `Invalid intent ${intent}: messages[0].parts[${other}] is a ${quoteClientText(message.parts[other]!.type)} part; a user message holds text and files`);
  }
  return { ok: true, message };
}

function refuse(status: 400 | 409, message: string): Refusal {
  return { ok: false, status, message };
}
