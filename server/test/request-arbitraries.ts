import fc from "fast-check";
import type * as v from "valibot";
import {
  dangerousName,
  dangerousValue,
  mutate,
  mutationOf,
  oddString,
  toWire,
  type Wire,
  wireText,
} from "./hostile-json.ts";
import { arbitraryOf } from "./schema-arbitraries.ts";

/**
 * Requests to the site's API, made from what its routes take (the schemas of their bodies and
 * parameters, where a route has them), valid first and then mutated, and from the dangerous names
 * and values of hostile-json.ts for every route: odd queries, bodies of every type, content types
 * that are not JSON, unknown paths named like Object.prototype's members.
 */
export interface RouteSchemas {
  /** The bodies a route takes (any of them). */
  bodies?: readonly v.GenericSchema[];
  /** Its query parameters, by name. */
  query?: Readonly<Record<string, v.GenericSchema>>;
}

export interface FuzzRequest {
  method: string;
  /** Path and query, as sent. */
  target: string;
  contentType: string;
  body: string | null;
  /** X-Forwarded-For, when an odd one; null: a new address each time it is sent. */
  forwardedFor: string | null;
}

const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"];
const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "application/json; charset=utf-16",
  "application/jsonx",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
];
/** Query text a browser would never write: broken escapes, an escaped lone surrogate, NUL. */
const RAW_QUERY = ["%", "%zz", "%00", "%u0041", "%ED%A0%80", "%C0%80", "&&&", "=", "==", "a=1&a=2", "%26=%3D"];
/** X-Forwarded-For values a proxy would not write (printable, as a header must be). */
const ODD_FORWARDED = [
  "constructor",
  "__proto__",
  "unknown",
  "1.2.3.4, constructor",
  "::ffff:127.0.0.1",
  "999.1.1.1",
  "[::1]",
  "",
];

const entriesOf = (schema: v.GenericSchema) => Object.keys((schema as { entries?: object }).entries ?? {});

/** A body for a route that takes `bodies`: one of them, valid or mutated. */
function bodyOf(bodies: readonly v.GenericSchema[]): fc.Arbitrary<Wire> {
  const names = bodies.flatMap(entriesOf);
  const valid = fc.oneof(...bodies.map((schema) => arbitraryOf(schema).map(toWire)));
  return fc.oneof(valid, {
    weight: 3,
    arbitrary: fc
      .tuple(valid, fc.array(mutationOf(names.length > 0 ? names : ["x"]), { minLength: 1, maxLength: 3 }))
      .map(([body, mutations]) => mutations.reduce(mutate, body)),
  });
}

/** A query: the route's own parameters (valid values or odd ones), dangerous names, broken escapes. */
function queryOf(query: Readonly<Record<string, v.GenericSchema>>): fc.Arbitrary<string> {
  const own = Object.entries(query);
  const pair = fc.oneof(
    ...own.map(([name, schema]) => fc.tuple(fc.constant(name), fc.oneof(arbitraryOf(schema).map(String), oddString))),
    fc.tuple(dangerousName, oddString),
  );
  const encoded = pair.map(([name, value]) => new URLSearchParams([[name, value]]).toString());
  return fc
    .array(fc.oneof({ weight: 4, arbitrary: encoded }, fc.constantFrom(...RAW_QUERY)), { maxLength: 4 })
    .map((parts) => parts.join("&"));
}

/** A request to one of `routes` (method and path as Hono lists them), or to a path no route has. */
export function fuzzRequest(
  routes: readonly { method: string; path: string }[],
  schemas: Readonly<Record<string, RouteSchemas>>,
): fc.Arbitrary<FuzzRequest> {
  const segment = oddString.map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, "\ufffd")));
  // Routes that read a body or parameters come up four times as often: there is more to get wrong.
  const path = fc.oneof(
    ...routes.map((route) => ({ weight: schemas[route.path] ? 4 : 1, arbitrary: fc.constant(route) })),
    { weight: 2, arbitrary: segment.map((name) => ({ method: "GET", path: `/api/${name}` })) },
  );
  return fc
    .record({
      route: path,
      // Mostly the route's own method, JSON and a proxy's plain address.
      method: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, fc.constantFrom(...METHODS)),
      // What a route for every method ("ALL") is sent.
      any: fc.constantFrom(...METHODS),
      contentType: fc.oneof(
        { weight: 4, arbitrary: fc.constant(CONTENT_TYPES[0] as string) },
        fc.constantFrom(...CONTENT_TYPES),
      ),
      forwardedFor: fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, fc.constantFrom(...ODD_FORWARDED)),
    })
    .chain(({ route, method, any, contentType, forwardedFor }) => {
      const own = schemas[route.path] ?? {};
      const chosen = method ?? (route.method === "ALL" ? any : route.method);
      const body = own.bodies ? bodyOf(own.bodies) : dangerousValue;
      return fc
        .record({
          query: queryOf(own.query ?? {}),
          body: fc.oneof({ weight: 6, arbitrary: body.map(wireText) }, fc.constantFrom("", "{", "not json", "null")),
        })
        .map(({ query, body: text }) => ({
          method: chosen,
          // A parameter in the path (none so far) is an odd segment too.
          target: route.path.replace(/:[^/]+/g, "constructor") + (query ? `?${query}` : ""),
          contentType,
          body: chosen === "GET" || chosen === "HEAD" ? null : text,
          forwardedFor,
        }));
    });
}
