resource "scaffold_note" "todo" {
  name = "todo"
  text = "Write the provider's first real resource."
}
