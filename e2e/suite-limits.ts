/**
 * The per-address limits of the servers the browser tests run (the suite's and the specs' own):
 * every test's browser comes from the same address, so a limit meant for one visitor would be met
 * by the suite's page loads and live channels together (the failure sweep's visits of every page,
 * beside another spec's, were refused channels with a 429). The limits themselves are tested
 * against the server (server/rate-limit.test.ts, server/live/fleet-limits.test.ts).
 */
export const SUITE_LIMITS = {
  COUNTER_READ_LIMIT: "10000/100000",
  COUNTER_WRITE_LIMIT: "10000/100000",
  LIVE_MAX_PER_ADDRESS: "1000",
  LIVE_UPGRADE_LIMIT: "10000/100000",
  // Every browser context of the suite is a new visitor, minted a token from the same address.
  VISITOR_MINT_LIMIT: "10000/100000",
};
