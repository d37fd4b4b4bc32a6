/**
 * A person as every response shows them (docs/api.md §3 "User"). `email` is null for a person
 * without an account (a guest added by name without an address) and for a deleted user.
 */
export interface Person {
  id: number;
  name: string;
  email: string | null;
}
