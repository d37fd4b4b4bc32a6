// Who a valid bearer token belongs to. Defined by the auth module, which resolves tokens; the
// authentication plugin (plugins/authentication.ts) only puts it on the request.
export interface AuthUser {
  id: number;
  name: string;
  email: string;
}
