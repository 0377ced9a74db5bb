/**
 * Whether `next` changes any field of `state` (Object.is): news that changes nothing (a server's
 * tick every few seconds with the same count of visitors here) need not render anything, and a
 * page left open, even hidden, then pays for none of it.
 */
export const changes = <S extends object>(next: Partial<S>, state: S) =>
  (Object.keys(next) as (keyof S)[]).some((key) => !Object.is(next[key], state[key]));
