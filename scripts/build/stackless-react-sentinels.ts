import type { Plugin } from "vite";

/** React DOM's client build, where the sentinels live. */
const REACT_DOM_CLIENT = /react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/;

/**
 * The errors React DOM creates once, when its module is evaluated, and only ever compares by
 * identity (thrown to unwind a render, never shown): hydration mismatch (519), suspense (460, 474,
 * 542) and selective hydration (461).
 */
export const SENTINEL_CODES = [519, 460, 474, 542, 461] as const;

const HELPER = "__stacklessSentinel";

/**
 * Rewrites React DOM's module-level sentinel errors into objects that inherit from
 * Error.prototype but are created without a stack trace.
 *
 * Measured: when DevTools' Runtime domain is attached (Lighthouse always attaches it), creating an
 * Error makes V8 collect source positions for every function on the stack. At module evaluation
 * that stack is React DOM's whole CommonJS wrapper and the whole entry chunk, so V8 parses ~200 KB
 * of JavaScript again: 15-20 ms of the 20-25 ms task that evaluates the app after the first paint,
 * which Lighthouse multiplies by four into Total Blocking Time. Without DevTools the task takes
 * 2-6 ms. The sentinels keep their identity, message and `instanceof Error`; only the stack, which
 * React never reads for them, is gone.
 *
 * The build fails loudly if React DOM's code no longer has exactly these sentinels.
 */
export function rewriteSentinels(code: string): string {
  let count = 0;
  const rewritten = code.replace(/\bError\(formatProdErrorMessage\((\d+)\)\)/g, (match, errorCode: string) => {
    if (!SENTINEL_CODES.includes(Number(errorCode) as (typeof SENTINEL_CODES)[number])) return match;
    count++;
    return `${HELPER}(formatProdErrorMessage(${errorCode}))`;
  });
  if (count !== SENTINEL_CODES.length) {
    throw new Error(
      `stackless-react-sentinels: expected ${SENTINEL_CODES.length} sentinel errors in React DOM, found ${count}`,
    );
  }
  return `${rewritten}\nfunction ${HELPER}(message) { var error = Object.create(Error.prototype); error.message = message; return error; }\n`;
}

/** The build step that applies {@link rewriteSentinels} to React DOM's client. */
export function stacklessReactSentinels(): Plugin {
  return {
    name: "pointless:stackless-react-sentinels",
    apply: "build",
    transform: {
      filter: { id: REACT_DOM_CLIENT },
      handler: (code) => ({ code: rewriteSentinels(code), map: null }),
    },
  };
}
