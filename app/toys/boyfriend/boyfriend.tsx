import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useShuffleBag } from "../../kit/hooks/use-shuffle-bag";
import { useTimeouts } from "../../kit/hooks/use-timeouts";
import { cn } from "../../kit/lib/cn";
import { Button } from "../../kit/ui/button";
import { ToyPage } from "../../kit/ui/toy-page";
import { EmojiWords } from "./emoji-words";
import { addMessage, type ChatMessage, canSend, REPLY_DELAY_MS } from "./logic";
import { GREETING, REPLIES } from "./words";

export function Boyfriend() {
  const [log, setLog] = useState<ChatMessage[]>([{ text: GREETING, isUser: false }]);
  const [draft, setDraft] = useState("");
  const [typing, setTyping] = useState(0);
  const { next } = useShuffleBag(REPLIES);
  const later = useTimeouts();
  const logRef = useRef<HTMLDivElement>(null);
  const inputId = useId();

  useEffect(() => {
    const el = logRef.current;
    if (el && log.length > 1) el.scrollTop = el.scrollHeight;
  }, [log]);

  function send(event: FormEvent) {
    event.preventDefault();
    if (!canSend(draft)) return;
    setLog((all) => addMessage(all, { text: draft.trim(), isUser: true }));
    setDraft("");
    setTyping((n) => n + 1);
    later(() => {
      setTyping((n) => n - 1);
      setLog((all) => addMessage(all, { text: next(), isUser: false }));
    }, REPLY_DELAY_MS);
  }

  return (
    <ToyPage title="AI Boyfriend" intro="Powered by nine replies and an unshakeable confidence.">
      <div className="flex w-full max-w-xl flex-col overflow-hidden rounded-3xl bg-white text-left text-slate-900 shadow-2xl">
        <div className="flex items-center gap-3 border-b border-slate-200 bg-rose-50 px-4 py-3">
          <span aria-hidden="true" className="emoji grid size-10 place-items-center rounded-full bg-rose-200 text-2xl">
            🤖
          </span>
          <div>
            <p className="font-bold">Chad 2.0</p>
            <p className="text-sm text-slate-600">{typing > 0 ? "typing…" : "online, emotionally buffering"}</p>
          </div>
        </div>
        <div ref={logRef} role="log" aria-live="polite" aria-label="Chat" className="h-80 overflow-y-auto p-4">
          <ol className="flex flex-col gap-2">
            {log.map((message, i) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: messages are only ever appended
                key={i}
                className={cn(
                  "max-w-[80%] rounded-2xl px-4 py-2 break-words whitespace-pre-wrap",
                  message.isUser ? "self-end bg-purple-700 text-white" : "self-start bg-slate-100",
                )}
              >
                <span className="sr-only">{message.isUser ? "You: " : "Chad 2.0: "}</span>
                <EmojiWords text={message.text} />
              </li>
            ))}
          </ol>
        </div>
        <form onSubmit={send} className="flex flex-wrap justify-end gap-2 border-t border-slate-200 p-3">
          <label htmlFor={inputId} className="sr-only">
            Message
          </label>
          <input
            id={inputId}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            autoComplete="off"
            maxLength={500}
            placeholder="Say something sweet…"
            className="min-w-[min(10rem,100%)] flex-1 rounded-full border border-slate-300 px-4 py-2"
          />
          <Button type="submit" variant="secondary">
            Send
          </Button>
        </form>
      </div>
    </ToyPage>
  );
}
