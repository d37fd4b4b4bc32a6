export default function AccountPage() {
  return <p>AccountPage</p>;
}
