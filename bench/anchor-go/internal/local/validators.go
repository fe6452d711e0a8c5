package local

import (
	"context"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// stringCheck is tfpp::regex<Pattern, Description> (re non-nil) or
// tfpp::check<Predicate, Description> (pred non-nil), with tfpp's texts:
// summary "Invalid value", detail `must be <description>, got "<value>"`.
// Null and unknown values pass, as in tfpp.
type stringCheck struct {
	re          *regexp.Regexp
	pred        func(string) bool
	description string
}

var (
	octalPermission = stringCheck{re: octalPattern, description: `three or four octal digits, such as "0644"`}
	plainNameCheck  = stringCheck{pred: plainName, description: "a plain name inside the directory"}
)

func (v stringCheck) Description(context.Context) string         { return "must be " + v.description }
func (v stringCheck) MarkdownDescription(context.Context) string { return "must be " + v.description }

func (v stringCheck) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	s := req.ConfigValue.ValueString()
	ok := false
	if v.re != nil {
		ok = v.re.MatchString(s)
	} else {
		ok = v.pred(s)
	}
	if !ok {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid value", "must be "+v.description+", got "+inQuotes(s))
	}
}
