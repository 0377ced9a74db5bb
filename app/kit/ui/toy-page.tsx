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
        "mx-auto flex w-full flex-1 flex-col items-center gap-6 px-[min(1rem,16px)] py-10 text-center",
        width === "wide" ? "max-w-5xl" : "max-w-3xl",
        tone === "light" ? "text-white" : "text-slate-900",
        className,
      )}
    >
      <h1
        className={cn(
          "text-4xl font-black tracking-tight wrap-anywhere sm:text-5xl",
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
