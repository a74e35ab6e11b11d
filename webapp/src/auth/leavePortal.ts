/**
 * Sends the browser to another site, such as the identity provider's logout
 * address after logout (spec 1 §2). An object, so that tests can watch it:
 * jsdom does not navigate.
 */
export const leavePortal = {
  to(url: string) {
    window.location.assign(url);
  },
};
