/** Where `npm start` serves the site: the origin of shared links unless SITE_ORIGIN says otherwise. */
export const LOCAL_ORIGIN = "http://localhost:3000";

/** Site-wide settings. A deployer changes the creator's name and address here and nowhere else. */
export const site = {
  name: "Pointless Toys",
  creatorName: "Pat Pointless",
  creatorEmail: "creator@example.com",
  /** Where the site is served, for links shared outside it: set SITE_ORIGIN when building. */
  // (Outside a Vite build, as in the browser tests' own imports, the `npm start` address.)
  origin: typeof __SITE_ORIGIN__ === "string" ? __SITE_ORIGIN__ : LOCAL_ORIGIN,
  /** The background of unknown paths (spec section 2: a purple/pink/orange gradient), as CSS. */
  defaultBackground:
    "linear-gradient(to bottom right, oklch(55.8% 0.288 302.321), oklch(65.6% 0.241 354.308), oklch(75% 0.183 55.934))",
} as const;
