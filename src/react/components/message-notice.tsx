import { useCallback } from 'react';
import type { ToolChatSnapshot } from '../../core/chat/types';
import type { AnswerEnding } from '../../core/loop/loop-state';
import { DEFAULT_MAX_TOOL_ROUNDS } from '../../core/loop/rounds';
import { useOptionalToolChatContext, useOptionalToolChatSelector } from '../use-tool-chat';
import { useToolChatLabels } from './labels';
import { useMessageListSettings } from './message-list-settings';
import { TurnNotice } from './turn-notice';

/** What `Message` passes on to its notice: the props it was given, and what the turn needs said. */
export interface MessageNoticeProps {
  messageId: string;
  ending: AnswerEnding | undefined;
  interruptedToolCallIds: readonly string[];
  maxToolRounds: number | undefined;
  onContinue: (() => void) | undefined;
  onRunAgain: ((toolCallIds: readonly string[]) => void) | undefined;
}

/**
 * The notice under a `Message` whose turn did not simply finish, with the way on (Continue,
 * Run again) under the last answer only, while nothing runs. Only a row with a notice renders
 * it, so only such a row asks the chat whether it is the last: the others do not render when
 * the user sends. Loaded after the chat mounts, with the other parts only some messages show.
 */
export function MessageNotice({ messageId: id, ending, interruptedToolCallIds, maxToolRounds: givenMaxToolRounds, onContinue: givenOnContinue, onRunAgain: givenOnRunAgain }: MessageNoticeProps) {
  const labels = useToolChatLabels();
  const chat = useOptionalToolChatContext();
  const list = useMessageListSettings();
  const listOffers = list.onContinue !== undefined || list.onRunAgain !== undefined;
  const selectOffer = useCallback((state: ToolChatSnapshot | undefined) => state !== undefined && !state.busy && state.messages.at(-1)?.id === id, [id]);
  const chatOffers = useOptionalToolChatSelector(listOffers ? undefined : chat, selectOffer);
  const continuePrompt = labels.continuePrompt;
  const chatContinue = useCallback(() => void chat?.continue(continuePrompt), [chat, continuePrompt]);
  let onContinue = givenOnContinue;
  let onRunAgain = givenOnRunAgain;
  if (listOffers && list.actionableId === id) {
    onContinue ??= list.onContinue;
    onRunAgain ??= list.onRunAgain;
  } else if (chatOffers && chat) {
    onContinue ??= chatContinue;
    onRunAgain ??= chat.runAgain;
  }
  const maxToolRounds = givenMaxToolRounds ?? list.maxToolRounds ?? chat?.options.maxToolRounds ?? DEFAULT_MAX_TOOL_ROUNDS;
  return (
    <TurnNotice
      ending={ending}
      interruptedToolCallIds={interruptedToolCallIds}
      maxToolRounds={maxToolRounds}
      onContinue={onContinue}
      onRunAgain={onRunAgain}
    />
  );
}
MessageNotice.displayName = 'MessageNotice';
