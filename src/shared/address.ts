export interface AddressLike {
  countryId?: number | null;
  addressLine1?: string | null;
  zip?: string | null;
  city?: string | null;
}

/** docs/behaviour.md §5: an address counts only with a user, a country, addressLine1 longer than 1, a zip and a city. */
export function hasAddress(user: unknown, address: AddressLike | null | undefined): boolean {
  if (!user || !address) return false;
  return (
    address.countryId != null &&
    (address.addressLine1 ?? '').length > 1 &&
    (address.zip ?? '').length >= 1 &&
    (address.city ?? '').length >= 1
  );
}
