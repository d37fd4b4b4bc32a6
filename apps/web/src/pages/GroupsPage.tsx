export default function GroupsPage() {
  return <p>GroupsPage</p>;
}
