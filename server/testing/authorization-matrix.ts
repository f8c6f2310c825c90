/**
 * Who may call which route (SPEC section 6, issue 12): one row per route of the app as Fastify
 * registers it (`METHOD /path`; the HEAD route Fastify adds to each GET counts as that GET), with
 * the answer each of six principals gets for a valid request. server/authorization-matrix.test.ts
 * sends every route of the app as every principal and compares: a route without a row fails it, and
 * so does a row without a route.
 *
 * The principals: `customer` and `clinic` own what the routes' ids point at (the customer's report
 * and follow, the clinic's documents and cover, the conversation between the two); `otherCustomer`
 * and `otherClinic` are signed-in accounts of the same roles that own none of it. Both clinics are
 * certified and in the register.
 */
export const PRINCIPALS = ['anonymous', 'customer', 'otherCustomer', 'clinic', 'otherClinic', 'admin'] as const;
export type Principal = (typeof PRINCIPALS)[number];

/**
 * `ok`: the route did its work (2xx, or a redirect); a number: exactly that status. 401 is "sign in
 * first", 403 "not for your role", 404 "not yours" (someone else's resource looks like a missing one).
 */
export type Outcome = 'ok' | 401 | 403 | 404 | 409;
export type Expected = Readonly<Record<Principal, Outcome>>;

/** The six answers in the order of PRINCIPALS. */
function answers(...outcomes: [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome]): Expected {
  return Object.fromEntries(PRINCIPALS.map((principal, index) => [principal, outcomes[index]])) as Record<
    Principal,
    Outcome
  >;
}

/**
 * The access levels of SPEC section 6:
 * - public: anyone, signed in or not;
 * - signedIn: any signed-in account, whatever its role;
 * - customerOnly: customers (follows, reports); customerOwnerOnly: the customer's own resource, which
 *   to another customer does not exist;
 * - clinicOnly: clinics, each acting on itself (its id comes from the token); clinicOwnerOnly: the
 *   clinic's own resource, which to another clinic does not exist;
 * - adminOnly: the admin's console;
 * - conversationSides: the conversation between the customer and the clinic, for its two sides only.
 *   An admin reads the team's conversations, not those between customers and clinics
 *   (server/services/messages/policy.ts).
 */
export const access = {
  //                         anonymous  customer  otherCustomer  clinic  otherClinic  admin
  public: answers('ok', 'ok', 'ok', 'ok', 'ok', 'ok'),
  signedIn: answers(401, 'ok', 'ok', 'ok', 'ok', 'ok'),
  customerOnly: answers(401, 'ok', 'ok', 403, 403, 403),
  customerOwnerOnly: answers(401, 'ok', 404, 403, 403, 403),
  clinicOnly: answers(401, 403, 403, 'ok', 'ok', 403),
  clinicOwnerOnly: answers(401, 403, 403, 'ok', 404, 403),
  adminOnly: answers(401, 403, 403, 403, 403, 'ok'),
  conversationSides: answers(401, 'ok', 404, 'ok', 404, 404),
} as const;

export const AUTHORIZATION_MATRIX = {
  // The OpenAPI document and its viewer (@fastify/swagger-ui).
  'GET /api/docs': access.public,
  'GET /api/docs/json': access.public,
  'GET /api/docs/yaml': access.public,
  'GET /api/docs/static/index.html': access.public,
  'GET /api/docs/static/swagger-initializer.js': access.public,
  'GET /api/docs/static/*': access.public,

  // Auth (GoTrue subset): signing up, in and out, the own account, password recovery.
  'POST /auth/v1/signup': access.public,
  'POST /auth/v1/token': access.public,
  'POST /auth/v1/logout': access.signedIn,
  'GET /auth/v1/user': access.signedIn,
  'PUT /auth/v1/user': access.signedIn,
  'POST /auth/v1/recover': access.public,
  'POST /auth/v1/verify': access.public,

  // The public register, certificates, badge and site texts.
  'GET /api/health': access.public,
  'GET /api/clinics': access.public,
  'GET /api/clinics/by-slug/:slug': access.public,
  'GET /api/clinics/:id/cover': access.public,
  // A register clinic's reviews (issue 23); reporting one is for anyone signed in, whatever the role.
  'GET /api/clinics/:clinicId/reviews': access.public,
  'POST /api/reviews/:reviewId/reports': access.signedIn,
  'GET /api/certificates': access.public,
  'GET /api/certificates/:number': access.public,
  'GET /api/certificates/:number/history': access.public,
  // The open verification API, and its CORS preflights.
  'GET /api/public/certificates': access.public,
  'GET /api/public/certificates/:number': access.public,
  'OPTIONS /api/public/certificates': access.public,
  'OPTIONS /api/public/certificates/:number': access.public,
  'GET /api/badge/:clinicId': access.public,
  'GET /api/site/content': access.public,
  'GET /api/site/settings': access.public,
  // The register's place suggestions (issue 24).
  'GET /api/places': access.public,
  'GET /api/site/demo-credentials': access.public,
  'POST /api/contact': access.public,

  // The own profile (any role), follows and reports (customers).
  'GET /api/me/profile': access.signedIn,
  // Download of the own data (issue 26): a link for any role; the zip for whoever holds a link (the ticket
  // is the credential, and works only while the session that asked for it lives).
  'POST /api/me/data-export': access.signedIn,
  'GET /api/data-export': access.public,
  // Deleting the own account (issue 26), whatever the role.
  'DELETE /api/me/account': access.signedIn,
  'GET /api/me/follows': access.customerOnly,
  'GET /api/me/follows/status': access.customerOnly,
  'PUT /api/me/follows/:clinicId': access.customerOnly,
  'DELETE /api/me/follows/:clinicId': access.customerOnly,
  // The bookings page's followed clinics with a booking page of their own (issue 28).
  'GET /api/me/booking-pages': access.customerOnly,
  'POST /api/me/reports': access.customerOnly,
  'GET /api/me/reports': access.customerOnly,
  'GET /api/me/reports/:id': access.customerOwnerOnly,
  // Reviews from verified visits (issue 23): the emailed link for anyone; claiming it for any signed-in
  // role, which the service refuses unless it is the invited customer (invitation_customers_only,
  // invitation_other_address); writing, listing and changing for customers, each their own.
  'GET /api/review-invitations/:token': access.public,
  'POST /api/me/review-invitations/claim': { ...access.customerOnly, otherCustomer: 403 },
  'GET /api/me/review-invitations': access.customerOnly,
  'POST /api/me/reviews': access.customerOwnerOnly,
  'GET /api/me/reviews': access.customerOnly,
  'PATCH /api/me/reviews/:reviewId': access.customerOwnerOnly,

  // The clinic's own area.
  'GET /api/clinic/profile': access.clinicOnly,
  'PATCH /api/clinic/settings': access.clinicOnly,
  'PATCH /api/clinic/application': access.clinicOnly,
  // Both clinics are certified already: the service, past the guard, refuses with already_certified.
  'POST /api/clinic/application/submit': { ...access.clinicOnly, clinic: 409, otherClinic: 409 },
  // Renewal opens on 1 November, and the clinics' applications lack what it needs: renewal_not_open or application_incomplete.
  'POST /api/clinic/renewal': { ...access.clinicOnly, clinic: 409, otherClinic: 409 },
  'PUT /api/clinic/visibility': access.clinicOnly,
  'GET /api/clinic/documents': access.clinicOnly,
  'POST /api/clinic/documents': access.clinicOnly,
  'DELETE /api/clinic/documents/:id': access.clinicOwnerOnly,
  'GET /api/clinic/documents/:id/download': access.clinicOwnerOnly,
  'POST /api/clinic/cover': access.clinicOnly,
  'DELETE /api/clinic/cover': access.clinicOnly,
  'DELETE /api/clinic/change-request': { ...access.clinicOnly, otherClinic: 409 },
  'GET /api/clinic/facts': access.clinicOnly,
  'POST /api/clinic/facts': access.clinicOnly,
  'PUT /api/clinic/facts/:id': access.clinicOwnerOnly,
  'DELETE /api/clinic/facts/:id': access.clinicOwnerOnly,
  // Membership (issue 25): the clinic has ordered its year already (a second order is refused), the other clinic orders.
  'GET /api/clinic/membership': access.clinicOnly,
  'POST /api/clinic/membership/orders': { ...access.clinicOnly, clinic: 409 },
  'GET /api/clinic/payments/:id': access.clinicOwnerOnly,
  // Reviews (issue 23): both clinics hold a certificate in force, so both may invite; each replies only to its own reviews.
  'POST /api/clinic/review-invitations': access.clinicOnly,
  'GET /api/clinic/review-invitations': access.clinicOnly,
  'GET /api/clinic/reviews': access.clinicOnly,
  'PUT /api/clinic/reviews/:reviewId/reply': access.clinicOwnerOnly,

  // The admin's console.
  'GET /api/admin/stats': access.adminOnly,
  'GET /api/admin/applications': access.adminOnly,
  'GET /api/admin/clinics': access.adminOnly,
  'GET /api/admin/clinics/:id': access.adminOnly,
  'PATCH /api/admin/clinics/:id': access.adminOnly,
  'POST /api/admin/clinics/:id/approve-application': access.adminOnly,
  'POST /api/admin/clinics/:id/deny': access.adminOnly,
  'POST /api/admin/clinics/:id/approve': access.adminOnly,
  'POST /api/admin/clinics/:id/withdraw': access.adminOnly,
  'POST /api/admin/clinics/:id/change-request/approve': access.adminOnly,
  'POST /api/admin/clinics/:id/change-request/refuse': access.adminOnly,
  'PUT /api/admin/clinics/:id/visibility': access.adminOnly,
  'PUT /api/admin/clinics/:id/position': access.adminOnly,
  'POST /api/admin/clinics/:id/suspend': access.adminOnly,
  'POST /api/admin/clinics/:id/reinstate': access.adminOnly,
  'GET /api/admin/clinics/:id/facts': access.adminOnly,
  'PUT /api/admin/clinics/:id/facts/:factId': access.adminOnly,
  'PUT /api/admin/clinics/:id/scope': access.adminOnly,
  'GET /api/admin/documents/:id/download': access.adminOnly,
  'GET /api/admin/users': access.adminOnly,
  'PATCH /api/admin/users/:id': access.adminOnly,
  'POST /api/admin/users/:id/data-export': access.adminOnly,
  'POST /api/admin/users/:id/erase': access.adminOnly,
  'GET /api/admin/reports': access.adminOnly,
  'GET /api/admin/reports/count': access.adminOnly,
  'PATCH /api/admin/reports/:id': access.adminOnly,
  'GET /api/admin/reviews': access.adminOnly,
  'GET /api/admin/reviews/count': access.adminOnly,
  'POST /api/admin/reviews/:reviewId/decision': access.adminOnly,
  'GET /api/admin/payments': access.adminOnly,
  'GET /api/admin/payments/:id': access.adminOnly,
  'POST /api/admin/payments/:id/paid': access.adminOnly,
  // The matrix's app takes invoices; a refund is for a paid Stripe payment (refund_not_possible).
  'POST /api/admin/payments/:id/refund': { ...access.adminOnly, admin: 409 },
  'GET /api/admin/plans': access.adminOnly,
  'PUT /api/admin/plans/:id': access.adminOnly,
  'POST /api/admin/clinics/:id/membership-waiver': access.adminOnly,
  'GET /api/admin/site': access.adminOnly,
  'PUT /api/admin/site': access.adminOnly,
  'POST /api/admin/messages': access.adminOnly,
  'GET /api/admin/messages/latest': access.adminOnly,

  // Stripe's webhook answers only a valid signature; the matrix's app takes invoices, so there is none: 404 for all.
  'POST /api/payments/stripe/webhook': {
    ...access.public,
    anonymous: 404,
    customer: 404,
    otherCustomer: 404,
    clinic: 404,
    otherClinic: 404,
    admin: 404,
  },

  // Messages, for every signed-in role; a conversation only for its sides.
  'GET /api/messages/stream': access.signedIn,
  'GET /api/messages/conversations': access.signedIn,
  'GET /api/messages/unread': access.signedIn,
  'POST /api/messages': access.signedIn,
  'GET /api/messages/conversations/:id/messages': access.conversationSides,
  'POST /api/messages/conversations/:id/messages': access.conversationSides,
  'POST /api/messages/conversations/:id/read': access.conversationSides,

  // Crawlers, the embeddable badge and the web app's pages.
  'GET /robots.txt': access.public,
  'GET /sitemap.xml': access.public,
  'GET /sitemaps/pages.xml': access.public,
  'GET /sitemaps/clinics-:file.xml': access.public,
  'GET /badge': access.public,
  'GET /index.html': access.public,
  'GET /': access.public,
  'GET /kliniker/*': access.public,
  'GET /verifiera/*': access.public,
  'GET /integritet': access.public,
  'GET /privacy': access.public,
  'GET /*': access.public,
} as const satisfies Record<string, Expected>;

export type MatrixRoute = keyof typeof AUTHORIZATION_MATRIX;
