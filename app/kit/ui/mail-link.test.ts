import { expect, it } from "vitest";
import { CONTACT_SUBJECT, contactHref } from "./mail-link";

it("opens the mail client with the subject 'Contact Us'", () => {
  expect(CONTACT_SUBJECT).toBe("Contact Us");
  expect(contactHref("pat@example.com")).toBe("mailto:pat@example.com?subject=Contact%20Us");
});
