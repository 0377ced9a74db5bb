import type { ReactNode } from "react";
import { cn } from "../lib/cn";
import { site } from "../lib/site";

/** The mail subject of every contact link (spec section 7). */
export const CONTACT_SUBJECT = "Contact Us";

export function contactHref(email: string = site.creatorEmail): string {
  return `mailto:${email}?subject=${encodeURIComponent(CONTACT_SUBJECT)}`;
}

/** A real mailto link to the creator, with the subject 'Contact Us', styled as a big button. */
export function MailLink({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <a
      href={contactHref()}
      className={cn(
        "inline-flex items-center gap-2 rounded-full bg-white px-capped-8 py-4 text-xl font-bold text-purple-900 shadow-lg hover:bg-purple-50",
        className,
      )}
    >
      <span aria-hidden="true" className="emoji">
        ✉️
      </span>
      {children}
    </a>
  );
}
