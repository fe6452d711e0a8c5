package local

import (
	"errors"
	"os"
	"strings"
	"syscall"
	"testing"
)

func TestLexicallyNormal(t *testing.T) {
	for in, want := range map[string]string{
		"/a/b":        "/a/b",
		"/a//b/./c":   "/a/b/c",
		"/a/b/":       "/a/b/",
		"/a/b/.":      "/a/b/",
		"/a/b/..":     "/a/",
		"/a/b/../../": "/",
		"/..":         "/",
		"/x/../y":     "/y",
	} {
		if got := lexicallyNormal(in); got != want {
			t.Errorf("lexicallyNormal(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestResolve(t *testing.T) {
	cwd, _ := syscall.Getwd()
	p := &Provider{baseDirectory: "base/"}
	if got, want := p.resolve("f.txt"), cwd+"/base/f.txt"; got != want {
		t.Errorf("resolve = %q, want %q", got, want)
	}
	if got := p.resolve("/abs/../f"); got != "/f" {
		t.Errorf("resolve of an absolute path = %q", got)
	}
	if got, want := (*Provider)(nil).resolve("f"), cwd+"/f"; got != want {
		t.Errorf("resolve before configure = %q, want %q", got, want)
	}
}

func TestTexts(t *testing.T) {
	if got := inQuotes("a\"b\\c\n"); got != `"a\"b\\c\n"` {
		t.Errorf("inQuotes = %s", got)
	}
	long := strings.Repeat("x", 63) + "é" // the cut falls inside é
	if got := inQuotes(long); got != `"`+strings.Repeat("x", 63)+`..."` {
		t.Errorf("inQuotes(long) = %s", got)
	}
	_, err := os.Open("/nonexistent/file")
	if got := errnoText(err); got != "No such file or directory" {
		t.Errorf("errnoText = %q", got)
	}
	if got := errnoText(errors.New("plain")); got != "plain" {
		t.Errorf("errnoText of a non-errno = %q", got)
	}
	if got := formatMode(0o100644); got != "0644" {
		t.Errorf("formatMode = %q", got)
	}
	for _, bad := range []string{"", "64", "0x44", "06444"} {
		if _, ok := parseMode(bad); ok || octalPattern.MatchString(bad) {
			t.Errorf("%q accepted", bad)
		}
	}
	if m, ok := parseMode("0640"); !ok || m != 0o640 {
		t.Errorf("parseMode(0640) = %o, %v", m, ok)
	}
	for name, want := range map[string]bool{"a": true, "": false, ".": false, "..": false, "a/b": false, "...": true} {
		if plainName(name) != want {
			t.Errorf("plainName(%q) != %v", name, want)
		}
	}
}
