import type { ComponentProps } from "react";
import { cn } from "../lib/cn";

type Variant = "primary" | "secondary" | "ghost";
type Size = "md" | "lg";

const VARIANTS: Record<Variant, string> = {
  primary: "bg-white text-purple-900 shadow-lg hover:bg-purple-50 disabled:bg-white/70",
  secondary: "bg-purple-800 text-white shadow-lg hover:bg-purple-900 disabled:bg-purple-800/70",
  ghost: "bg-white/15 text-white ring-1 ring-white/50 hover:bg-white/25",
};

const SIZES: Record<Size, string> = {
  md: "px-5 py-2.5 text-base",
  // Its sides stay 32 px with large text (200%), where a label of two words would not fit a phone.
  lg: "px-capped-8 py-4 text-xl",
};

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: Variant;
  size?: Size;
}

/** The site's pill button. Always a real <button>, type="button" unless told otherwise. */
export function Button({ variant = "primary", size = "md", className, type = "button", ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        "inline-flex items-center justify-center gap-2 rounded-full font-bold transition-transform active:scale-95 disabled:cursor-not-allowed motion-reduce:transition-none",
        VARIANTS[variant],
        SIZES[size],
        className,
      )}
      {...props}
    />
  );
}
