import { Loader2 } from 'lucide-react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentUser } from '@/lib/auth';
import { JoinTeamForm } from './join-team-form';
import { MarketingPanel } from './marketing-panel';
import { RegisterForm } from './register-form';
import { SignInForm } from './sign-in-form';
import { AuthBrand } from './auth-brand';

/** /auth: sign in, create an account, or join a team through an invitation link (spec 2.3). */
export default function AuthPage() {
  const { data: user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const invite = params.get('invite');
  const toDashboard = () => navigate('/dashboard', { replace: true });

  if (isLoading) {
    return (
      <div className="flex h-screen items-center justify-center" role="status" aria-label="Loading">
        <Loader2 className="size-8 animate-spin text-slate-500" />
      </div>
    );
  }
  if (user) return <Navigate to="/dashboard" replace />;

  return (
    <div className="grid min-h-screen bg-slate-50 lg:grid-cols-2">
      <main className="flex items-center justify-center p-4 sm:p-8">
        <div className="w-full max-w-md">
          <AuthBrand />
          {invite ? (
            <JoinTeamForm token={invite} onSuccess={toDashboard} onCancel={() => setParams({}, { replace: true })} />
          ) : (
            <Tabs defaultValue="signin">
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="signin">Sign In</TabsTrigger>
                <TabsTrigger value="register">Create Account</TabsTrigger>
              </TabsList>
              <TabsContent value="signin">
                <Card>
                  <CardHeader>
                    <CardTitle asChild className="text-xl">
                      <h1>Welcome back</h1>
                    </CardTitle>
                    <CardDescription>Sign in to your account</CardDescription>
                  </CardHeader>
                  <CardContent>
                    <SignInForm onSuccess={toDashboard} />
                  </CardContent>
                </Card>
              </TabsContent>
              <TabsContent value="register">
                <Card>
                  <CardHeader>
                    <CardTitle asChild className="text-xl">
                      <h1>Create your account</h1>
                    </CardTitle>
                    <CardDescription>Start managing receivables and payables in minutes</CardDescription>
                  </CardHeader>
                  <CardContent>
                    <RegisterForm onSuccess={toDashboard} />
                  </CardContent>
                </Card>
              </TabsContent>
            </Tabs>
          )}
        </div>
      </main>
      <MarketingPanel />
    </div>
  );
}
