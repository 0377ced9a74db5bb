import "./kit/shell/react-dom-first";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { hydrateInSteps } from "./kit/shell/hydrate-in-steps";
import { withoutIterationListener } from "./kit/shell/no-iteration-listener";

// The built site hydrates in steps, each its own task (kit/shell/hydrate-in-steps.tsx); the
// development server keeps React Router's own router, which its hot reloading knows. Awaited: a
// step that throws fails this module's evaluation, which the bootstrap (scripts/build/bootstrap.ts)
// meets as a module that failed to load, so the presses it holds are let go and the page reloads
// once or says it could not finish loading, rather than holding every press for good.
if (import.meta.env.PROD) await hydrateInSteps();
else {
  startTransition(() => {
    withoutIterationListener(document, () =>
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      ),
    );
  });
}
