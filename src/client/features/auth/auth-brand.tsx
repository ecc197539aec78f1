import { BrandMark } from '@/marketing/components/brand-mark';

/** The logo and name above the sign-in, join and reset-password cards. */
export function AuthBrand() {
  return (
    <div className="mb-6 flex items-center gap-3">
      <BrandMark className="size-9" />
      <span className="text-xl font-semibold text-slate-900">Signal AR</span>
    </div>
  );
}
