/** The password rule of docs/behaviour.md §5: 8+ characters, a digit, a special character, upper and lower case. */
export function meetsPasswordRule(password: string): boolean {
  return (
    password.length >= 8 &&
    /\d/.test(password) &&
    /[^A-Za-z0-9]/.test(password) &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password)
  );
}
