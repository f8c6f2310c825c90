/** Leaves the app for Stripe's Checkout page (a full navigation: Stripe returns to the success or cancelled page). */
export function goToCheckout(checkoutUrl: string): void {
  window.location.assign(checkoutUrl);
}
