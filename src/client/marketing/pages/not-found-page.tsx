import { Link } from 'react-router';
import { actionClass } from '../components/action-link';
import { MarketingLayout } from '../components/marketing-layout';

export default function NotFoundPage() {
  return (
    <MarketingLayout
      meta={{
        title: '404 Page Not Found · Signal AR',
        description: 'The page you were looking for does not exist.',
      }}
    >
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <p className="text-6xl font-extrabold text-blue-800">404</p>
        <h1 className="mt-4 text-3xl font-bold text-slate-900">404 Page Not Found</h1>
        <p className="mt-3 text-slate-600">
          The page you asked for does not exist or has moved. Check the address, or head back to the
          start.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/" className={actionClass('primary')}>
            Back to Home
          </Link>
          <Link to="/pricing" className={actionClass('secondary')}>
            See pricing
          </Link>
        </div>
      </section>
    </MarketingLayout>
  );
}
