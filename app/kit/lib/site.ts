/** Site-wide settings. A deployer changes the creator's name and address here and nowhere else. */
export const site = {
  name: "Pointless Toys",
  creatorName: "Pat Pointless",
  creatorEmail: "creator@example.com",
  /** The background of unknown paths (spec section 2: a purple/pink/orange gradient). */
  defaultBackground: "bg-linear-to-br from-purple-600 via-pink-500 to-orange-400",
} as const;
