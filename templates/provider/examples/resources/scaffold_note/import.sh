# The ID is the note's name.
terraform import scaffold_note.todo todo
