/** The bank card number rules the form applies before sending (the server applies them again). */

/** Digits only, at most 19. */
export function cardDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, 19);
}

/** Groups of four, as printed on the card. */
export function formatCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The Luhn check digit (ISO/IEC 7812), on 16 to 19 digits. */
export function isCardNumber(digits: string): boolean {
  if (!/^\d{16,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
