#include "core/refusal.hpp"

namespace czary {

Refused::Refused(std::string_view code_, std::string_view rule_) : Refused(std::string(code_), std::string(rule_), Args()) {}

Refused::Refused(std::string_view code_, std::string_view rule_, const char* name, ArgRef value)
    : Refused(std::string(code_), std::string(rule_), Args(name, value)) {}

Refused::Refused(std::string_view code_, std::string_view rule_, const char* name1, ArgRef value1, const char* name2, ArgRef value2)
    : Refused(std::string(code_), std::string(rule_), Args(name1, value1, name2, value2)) {}

Refused::Refused(std::string_view code_, std::string_view rule_, const char* name1, ArgRef value1, const char* name2, ArgRef value2,
                 const char* name3, ArgRef value3)
    : Refused(std::string(code_), std::string(rule_), Args(name1, value1, name2, value2, name3, value3)) {}

void refuse(std::string_view code, std::string_view rule) { throw Refused(code, rule); }

void refuse(std::string_view code, std::string_view rule, const char* name, ArgRef value) {
    throw Refused(code, rule, name, value);
}

void refuse(std::string_view code, std::string_view rule, const char* name1, ArgRef value1, const char* name2, ArgRef value2) {
    throw Refused(code, rule, name1, value1, name2, value2);
}

void refuse(std::string_view code, std::string_view rule, const char* name1, ArgRef value1, const char* name2, ArgRef value2,
            const char* name3, ArgRef value3) {
    throw Refused(code, rule, name1, value1, name2, value2, name3, value3);
}

void refuse(std::string_view code, std::string_view rule, const Args& args) { throw Refused(std::string(code), std::string(rule), args); }

}  // namespace czary
