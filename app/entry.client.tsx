import "./kit/shell/react-dom-first";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { hydrateInSteps } from "./kit/shell/hydrate-in-steps";

// The built site hydrates in steps, each its own task (kit/shell/hydrate-in-steps.tsx); the
// development server keeps React Router's own router, which its hot reloading knows.
if (import.meta.env.PROD) void hydrateInSteps();
else {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}
