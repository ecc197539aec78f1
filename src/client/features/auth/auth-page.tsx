export default function AuthPage() {
  return <main><h1>Sign in</h1></main>;
}
