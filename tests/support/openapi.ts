/**
 * The server's operations as its OpenAPI document lists them, for suites generated from the
 * route table (fuzz, authorization): a route added tomorrow is covered without editing them.
 */

type Parameter = { in: 'path' | 'query' | 'header'; name: string };
type Schema = { properties?: Record<string, unknown>; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[] };
type OperationDoc = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };
type Document = { paths: Record<string, Record<string, OperationDoc>> };

export type Operation = {
  method: string;
  /** The path as the document writes it: /api/v1/user/{userCode}. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Top-level fields of the JSON body (every branch of a union). */
  bodyFields: string[];
  /** A concrete URL; values are put in as given (already URL-encoded). */
  url(values: { pathValue: (name: string) => string; queryValue?: (name: string) => string }): string;
};

/** The operations of the OpenAPI document reachable without a session (a new one must be added here, on purpose). */
export const PUBLIC_OPERATIONS = new Set([
  'GET /api/v1/health',
  // Liveness and readiness for the balancer and the operator (plugins/health.ts).
  'GET /api/v1/health/live',
  'GET /api/v1/health/ready',
  'POST /api/v1/auth/signIn',
  'POST /api/v1/auth/signUp',
  'POST /api/v1/auth/validateEmailId',
  'POST /api/v1/auth/validateMobileNo',
  'POST /api/v1/auth/requestResetPassword',
  'POST /api/v1/auth/validateResetPasswordToken',
  'POST /api/v1/auth/resetPassword',
  // The refresh token is the credential (an expired access token must still renew, and a
  // Checkout queued offline is sent when no access token may be good any more).
  'POST /api/v1/auth/refresh',
  'POST /api/v1/auth/signOut',
  // The code step of a two-step sign-in: its challenge is the credential.
  'POST /api/v1/auth/signIn/second-factor',
  // Passkeys at checkin: options anyone may fetch (each a challenge), and the passkey as the credential.
  'POST /api/v1/auth/passkey/options',
  'POST /api/v1/auth/signIn/passkey',
  'GET /api/v1/admin/plan/active',
  // The VAPID public key a device subscribes with: public by nature (issue 16).
  'GET /api/v1/push/key',
  // A data export's zip: a browser download carries no bearer token; its short-lived link's token is the credential.
  'GET /api/v1/user/export/{token}',
]);

const METHODS = new Set(['get', 'post', 'put', 'delete', 'patch']);

function fieldsOf(schema: Schema | undefined): string[] {
  if (!schema) return [];
  const own = Object.keys(schema.properties ?? {});
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap(fieldsOf);
  return [...new Set([...own, ...branches])];
}

export function operationsOf(doc: Document): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const params = op.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path').map((p) => p.name);
      const queryParams = params.filter((p) => p.in === 'query').map((p) => p.name);
      const bodyFields = fieldsOf(op.requestBody?.content?.['application/json']?.schema);
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams,
        queryParams,
        bodyFields,
        url: ({ pathValue, queryValue }) => {
          const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => pathValue(name));
          if (!queryValue || queryParams.length === 0) return filled;
          return `${filled}?${queryParams.map((name) => `${name}=${queryValue(name)}`).join('&')}`;
        },
      });
    }
  }
  return operations;
}
