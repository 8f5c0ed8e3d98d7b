/**
 * A new chat id: 128 random bits from the platform's CSPRNG, base64url (22 characters), so an
 * id cannot be guessed from another. A server store checks ownership all the same.
 */
export function newChatId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
