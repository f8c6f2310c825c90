// The Luhn (mod 10) check digit, written once: organisation numbers carry one (contracts/clinic-area.ts)
// and so does an invoice's payment reference, an OCR number (contracts/payments.ts).

/** The digit that makes `digits` followed by it pass the Luhn check. */
export function luhnCheckDigit(digits: string): number {
  const sum = [...digits].reverse().reduce((total, char, index) => {
    const doubled = Number(char) * (index % 2 === 0 ? 2 : 1);
    return total + (doubled > 9 ? doubled - 9 : doubled);
  }, 0);
  return (10 - (sum % 10)) % 10;
}

/** Whether the last digit of `digits` is the Luhn check digit of the ones before it. */
export const luhnValid = (digits: string) => luhnCheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
