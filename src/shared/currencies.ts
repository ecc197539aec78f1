/** The currency catalogue (spec 3): code, name, symbol, locale, symbol position as a fallback. */
export interface Currency {
  code: string;
  name: string;
  symbol: string;
  locale: string;
  position: 'before' | 'after';
}

const c = (code: string, name: string, symbol: string, locale: string, position: Currency['position']): Currency => ({
  code,
  name,
  symbol,
  locale,
  position,
});

/** About 50 currencies; the locale is the one their amounts are usually written in. */
export const currencies: readonly Currency[] = [
  // Major
  c('USD', 'US Dollar', '$', 'en-US', 'before'),
  c('EUR', 'Euro', '€', 'de-DE', 'after'),
  c('GBP', 'British Pound', '£', 'en-GB', 'before'),
  c('CAD', 'Canadian Dollar', 'C$', 'en-CA', 'before'),
  c('AUD', 'Australian Dollar', 'A$', 'en-AU', 'before'),
  c('JPY', 'Japanese Yen', '¥', 'ja-JP', 'before'),
  c('CHF', 'Swiss Franc', 'CHF', 'de-CH', 'before'),
  c('NZD', 'New Zealand Dollar', 'NZ$', 'en-NZ', 'before'),
  // Nordic
  c('SEK', 'Swedish Krona', 'kr', 'sv-SE', 'after'),
  c('NOK', 'Norwegian Krone', 'kr', 'nb-NO', 'after'),
  c('DKK', 'Danish Krone', 'kr.', 'da-DK', 'after'),
  c('ISK', 'Icelandic Krona', 'kr', 'is-IS', 'after'),
  // Eastern European
  c('PLN', 'Polish Zloty', 'zł', 'pl-PL', 'after'),
  c('CZK', 'Czech Koruna', 'Kč', 'cs-CZ', 'after'),
  c('HUF', 'Hungarian Forint', 'Ft', 'hu-HU', 'after'),
  c('RON', 'Romanian Leu', 'lei', 'ro-RO', 'after'),
  c('BGN', 'Bulgarian Lev', 'лв', 'bg-BG', 'after'),
  c('UAH', 'Ukrainian Hryvnia', '₴', 'uk-UA', 'after'),
  c('RSD', 'Serbian Dinar', 'дин.', 'sr-RS', 'after'),
  c('TRY', 'Turkish Lira', '₺', 'tr-TR', 'before'),
  // Latin American
  c('MXN', 'Mexican Peso', 'MX$', 'es-MX', 'before'),
  c('BRL', 'Brazilian Real', 'R$', 'pt-BR', 'before'),
  c('ARS', 'Argentine Peso', 'AR$', 'es-AR', 'before'),
  c('CLP', 'Chilean Peso', 'CLP$', 'es-CL', 'before'),
  c('COP', 'Colombian Peso', 'COL$', 'es-CO', 'before'),
  c('PEN', 'Peruvian Sol', 'S/', 'es-PE', 'before'),
  c('UYU', 'Uruguayan Peso', '$U', 'es-UY', 'before'),
  // Asian and Pacific
  c('CNY', 'Chinese Yuan', '¥', 'zh-CN', 'before'),
  c('HKD', 'Hong Kong Dollar', 'HK$', 'zh-HK', 'before'),
  c('SGD', 'Singapore Dollar', 'S$', 'en-SG', 'before'),
  c('INR', 'Indian Rupee', '₹', 'en-IN', 'before'),
  c('KRW', 'South Korean Won', '₩', 'ko-KR', 'before'),
  c('TWD', 'New Taiwan Dollar', 'NT$', 'zh-TW', 'before'),
  c('THB', 'Thai Baht', '฿', 'th-TH', 'before'),
  c('MYR', 'Malaysian Ringgit', 'RM', 'ms-MY', 'before'),
  c('IDR', 'Indonesian Rupiah', 'Rp', 'id-ID', 'before'),
  c('PHP', 'Philippine Peso', '₱', 'en-PH', 'before'),
  c('VND', 'Vietnamese Dong', '₫', 'vi-VN', 'after'),
  c('PKR', 'Pakistani Rupee', 'Rs', 'en-PK', 'before'),
  c('BDT', 'Bangladeshi Taka', '৳', 'bn-BD', 'before'),
  // Middle Eastern
  c('AED', 'UAE Dirham', 'د.إ', 'ar-AE', 'after'),
  c('SAR', 'Saudi Riyal', '﷼', 'ar-SA', 'after'),
  c('QAR', 'Qatari Riyal', 'ر.ق', 'ar-QA', 'after'),
  c('KWD', 'Kuwaiti Dinar', 'د.ك', 'ar-KW', 'after'),
  c('ILS', 'Israeli New Shekel', '₪', 'he-IL', 'before'),
  c('EGP', 'Egyptian Pound', 'E£', 'ar-EG', 'before'),
  // African
  c('ZAR', 'South African Rand', 'R', 'en-ZA', 'before'),
  c('NGN', 'Nigerian Naira', '₦', 'en-NG', 'before'),
  c('KES', 'Kenyan Shilling', 'KSh', 'en-KE', 'before'),
  c('GHS', 'Ghanaian Cedi', 'GH₵', 'en-GH', 'before'),
  c('MAD', 'Moroccan Dirham', 'MAD', 'ar-MA', 'after'),
];

export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_LOCALE = 'en-US';

export const currencyCodes: readonly string[] = currencies.map((currency) => currency.code);

export function findCurrency(code: string): Currency | undefined {
  return currencies.find((currency) => currency.code === code);
}
