import { useState } from "react";
import { shareResult } from "../lib/share";
import { Button } from "./button";

export interface ShareButtonProps {
  /** The result, in words: "The Age Oracle says I am 42." */
  text: string;
  /** Where the link should lead, relative to this page ("/aura?sign=Leo&r=1"); the page itself by default. */
  href?: string;
  /** The button's words, when "Share" alone would be unclear. */
  label?: string;
  /** Nothing to share yet (the button keeps its place, so nothing moves when there is). */
  disabled?: boolean;
  className?: string;
}

function ShareIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2.2">
      <path d="M12 15V3m0 0L7.5 7.5M12 3l4.5 4.5" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M8 11H6a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-2" strokeLinecap="round" />
    </svg>
  );
}

/** Shares a toy's result: the share sheet on phones, the clipboard (and a toast) elsewhere. */
export function ShareButton({ text, href, label = "Share", disabled, className }: ShareButtonProps) {
  const [busy, setBusy] = useState(false);

  async function share() {
    if (busy) return;
    setBusy(true);
    try {
      const url = new URL(href ?? window.location.pathname, window.location.href).href;
      await shareResult({ title: document.title, text, url });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="ghost" onClick={share} aria-busy={busy} disabled={disabled} className={className}>
      <ShareIcon />
      {label}
    </Button>
  );
}
