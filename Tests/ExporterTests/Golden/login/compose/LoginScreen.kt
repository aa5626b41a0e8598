package com.example.login

import androidx.compose.foundation.background
import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.*
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.itemsIndexed
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.shape.CircleShape
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.foundation.verticalScroll
import androidx.compose.material.icons.Icons
import androidx.compose.material.icons.filled.*
import androidx.compose.material3.*
import androidx.compose.runtime.*
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.clip
import androidx.compose.ui.semantics.*
import androidx.compose.ui.text.input.PasswordVisualTransformation
import androidx.compose.ui.unit.dp

/** The "Login" screen, drawn in sketchd. */
@OptIn(ExperimentalMaterial3Api::class)
@Composable
fun LoginScreen() {
    var emailField by remember { mutableStateOf("") }
    var passwordField by remember { mutableStateOf("") }
    var rememberMeCheckbox by remember { mutableStateOf(true) }
    Scaffold { innerPadding ->
        Column(modifier = Modifier.padding(innerPadding).fillMaxSize().background(Theme.background).padding(start = 24.dp, top = 0.dp, end = 24.dp, bottom = 24.dp), verticalArrangement = Arrangement.spacedBy(16.dp), horizontalAlignment = Alignment.Start) {
            Text(text = "Welcome back", style = MaterialTheme.typography.headlineMedium, modifier = Modifier.semantics { heading() })
            TextField(value = emailField, onValueChange = { emailField = it }, placeholder = { Text("Email") }, modifier = Modifier.fillMaxWidth())
            TextField(value = passwordField, onValueChange = { passwordField = it }, placeholder = { Text("Password") }, visualTransformation = PasswordVisualTransformation(), modifier = Modifier.fillMaxWidth())
            Row(verticalAlignment = Alignment.CenterVertically) {
                Checkbox(checked = rememberMeCheckbox, onCheckedChange = { rememberMeCheckbox = it })
                Text("Remember me")
            }
            Button(onClick = ::logInButtonTapped, modifier = Modifier.fillMaxWidth(), shape = RoundedCornerShape(Theme.cornerRadius), colors = ButtonDefaults.buttonColors(containerColor = Theme.inkBlue)) {
                Text("Log In")
            }
            Text(text = "Forgot password?", style = MaterialTheme.typography.bodyLarge)
            Spacer(modifier = Modifier.weight(1f))
        }
    }
}

private fun logInButtonTapped() {
    // Runs when "Log In" is tapped.
}
