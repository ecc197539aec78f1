export default function CheckoutPage() {
  return <main><h1>Payment</h1></main>;
}
