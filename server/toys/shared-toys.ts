import { bubblesToy } from "../bubbles/toy.ts";
import { clapsToy } from "../claps/toy.ts";
import { clicksToy } from "../clicks/toy.ts";
import type { SharedToy } from "../live/toy.ts";
import { pollsToy } from "../polls/toy.ts";
import { wallToy } from "../wall/toy.ts";

/**
 * Every shared toy the live channel carries, one line each (the Useless Button's global counter
 * too): the server builds each topic from this list, mounts its routes, and stops them in turn
 * (server/main.ts). A new shared toy is contracts/<toy>.ts,
 * server/<toy>/ and app/toys/<toy>/, and one line here (docs/live.md, "Add a shared toy").
 */
export const SHARED_TOYS: readonly SharedToy[] = [clicksToy, bubblesToy, clapsToy, pollsToy, wallToy];
