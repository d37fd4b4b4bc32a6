export default function FriendsPage() {
  return <p>FriendsPage</p>;
}
