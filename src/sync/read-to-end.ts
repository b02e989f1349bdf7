/**
 * Reads an answer whose body the caller does not need, so the browser finishes the request and
 * frees its connection: an unread body keeps the request open (a device report each minute would
 * otherwise hold connections of a scanner that runs all day). Never throws.
 */
export async function readToEnd(response: Response): Promise<void> {
  try {
    await response.arrayBuffer();
  } catch {
    // Cut off or already read: nothing left to free.
  }
}
