export interface ChatMessage {
  text: string;
  isUser: boolean;
}

/** He takes exactly one second to think of something canned (spec section 4). */
export const REPLY_DELAY_MS = 1000;
/** The log keeps the newest messages only. */
export const MAX_MESSAGES = 200;

/** Empty or whitespace-only input is ignored (spec section 5). */
export function canSend(text: string): boolean {
  return text.trim().length > 0;
}

export function addMessage(log: readonly ChatMessage[], message: ChatMessage): ChatMessage[] {
  const next = [...log, message];
  return next.length > MAX_MESSAGES ? next.slice(next.length - MAX_MESSAGES) : next;
}
