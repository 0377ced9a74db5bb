import type { ReactNode } from "react";
import { cn } from "../lib/cn";

interface ToyPageProps {
  /** The page's one h1. */
  title: ReactNode;
  /** A line under the title. */
  intro?: ReactNode;
  /** Text colour scheme: light text for dark backgrounds (default) or dark text for light ones. */
  tone?: "light" | "dark";
  /** Column width: "normal" suits a single toy; "wide" gives side-by-side cards room on a desktop. */
  width?: "normal" | "wide";
  className?: string;
  children?: ReactNode;
}

/** The common frame of a toy or page: a centred column with the h1, an intro line, then the toy. */
export function ToyPage({ title, intro, tone = "light", width = "normal", className, children }: ToyPageProps) {
  return (
    <section
      className={cn(
        "mx-auto flex w-full flex-1 flex-col items-center gap-6 px-capped-4 py-10 text-center",
        width === "wide" ? "max-w-5xl" : "max-w-3xl",
        tone === "light" ? "text-white" : "text-slate-900",
        className,
      )}
    >
      {/* With large text on a phone the title grows only to 15% of the screen's width (at the default
          size that is more than its 36 px from a 240 px screen up): at 200% its 72 px would break
          a word as short as "Useless" on a 320 px phone. */}
      <h1
        className={cn(
          "text-[min(var(--text-4xl),15vw)]/[var(--text-4xl--line-height)] font-black tracking-tight sm:text-5xl",
          tone === "light" && "text-shadow-lg",
        )}
      >
        {title}
      </h1>
      {intro ? (
        <p className={cn("max-w-xl text-lg", tone === "light" ? "text-white" : "text-slate-700")}>{intro}</p>
      ) : null}
      {children}
    </section>
  );
}
