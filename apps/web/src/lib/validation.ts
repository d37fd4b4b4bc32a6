// Small form rules the web app checks before calling the API. The account forms' schemas and
// sentences come from @evenly/core (validation/auth-forms.ts).
export function validateGroupName(name: string): string | null {
  return name.trim() ? null : 'Group name cannot be empty.';
}

export function validateMemberEmail(email: string): string | null {
  const trimmed = email.trim();
  return trimmed && trimmed.includes('@') ? null : 'Please enter a valid email address.';
}

export function isNumericId(id: string | undefined): id is string {
  return id !== undefined && /^[1-9][0-9]{0,15}$/.test(id);
}
